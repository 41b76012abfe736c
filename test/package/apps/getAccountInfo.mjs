// A browser app that needs only getAccountInfo; zstd must stay out until a zstd payload arrives.
import { createRpcWith, getAccountInfo } from 'solrpc';

const rpc = createRpcWith('https://rpc.example.com', { getAccountInfo });
rpc
  .getAccountInfo('9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2', { encoding: 'base64+zstd' })
  .then((r) => console.log(r.value?.data));
