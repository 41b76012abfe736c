// A browser app with the full client: every method, nothing of the CLI or of Node.
import { createRpc } from 'solrpc';

const rpc = createRpc('https://rpc.example.com');
rpc.getEpochInfo().then((info) => console.log(info.epoch, Object.keys(rpc).length));
