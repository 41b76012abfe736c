// A browser app that only follows one account over WebSocket: the browser's own WebSocket, never `ws`.
import { accountSubscribe, createRpcSubscriptionsWith } from 'solrpc';

const subs = createRpcSubscriptionsWith('wss://rpc.example.com', { accountSubscribe });
(async () => {
  for await (const { value } of subs.accountSubscribe('9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2')) {
    console.log(value.lamports, value.data.length);
  }
})();
