// A browser app that needs only getBalance, through the minimal client.
import { createRpcWith, getBalance } from 'solrpc';

const rpc = createRpcWith('https://rpc.example.com', { getBalance });
rpc.getBalance('B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi').then((r) => console.log(r.value));
