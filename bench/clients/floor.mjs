// The floors: the least a client can do. `fetch + JSON.parse` sends the same body solrpc sends and
// parses the answer; `+ decode` also turns account data into bytes (Buffer.from base64, then fzstd, a
// widely used JavaScript zstd decoder, which solrpc used until it wrote its own) where solrpc decodes; `node:http` does the same over node:http with a keep-alive
// Agent instead of fetch, to show what a node:http transport would gain. None of them validates, and
// JSON.parse rounds every integer above 2^53.
import { decompress } from 'fzstd';
import { keepAlivePost } from '../loopback.mjs';
import { WORKLOADS, workloadById } from '../workloads.mjs';
import { wireParams, wireViews } from './wire.mjs';

// The workloads whose data solrpc decodes (workloads.mjs says which).
const DECODES = new Set(WORKLOADS.filter((w) => w.decodes).map((w) => w.id));

let nextId = 1;
const body = (workload, i) =>
  `{"jsonrpc":"2.0","id":${nextId++},"method":"${workloadById[workload].method}","params":${JSON.stringify(wireParams(workload, i))}}`;

function decodeData(account) {
  if (account !== null && Array.isArray(account.data)) {
    const [text, encoding] = account.data;
    const bytes = Buffer.from(text, 'base64');
    account.data = encoding === 'base64+zstd' ? decompress(bytes) : bytes;
  }
}

/** Turns account data into bytes wherever this workload's result holds accounts. */
function decodeAccounts(workload, result) {
  if (workload === 'programAccounts20000') for (const item of result) decodeData(item.account);
  else if (workload === 'multipleAccounts100') for (const account of result.value) decodeData(account);
  else decodeData(result.value);
  return result;
}

function viaFetch(url, decode) {
  const call = (workload) => async (i) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(workload, i),
    });
    const result = JSON.parse(await response.text()).result;
    return decode && DECODES.has(workload) ? decodeAccounts(workload, result) : result;
  };
  return Object.fromEntries(WORKLOADS.map(({ id }) => [id, call(id)]));
}

function viaNodeHttp(url) {
  const post = keepAlivePost(url);
  const call = (workload) => async (i) => {
    const result = JSON.parse(await post(body(workload, i))).result;
    return DECODES.has(workload) ? decodeAccounts(workload, result) : result;
  };
  return Object.fromEntries(WORKLOADS.map(({ id }) => [id, call(id)]));
}

export const floor = {
  name: 'fetch+JSON.parse',
  note: 'the floor: fetch, response.text(), JSON.parse; no validation, no decoding',
  create: (url) => viaFetch(url, false),
  views: wireViews,
};

export const floorDecode = {
  name: 'fetch+JSON.parse+decode',
  note: 'the decoding floor: the floor plus Buffer.from(base64) and fzstd.decompress where solrpc decodes',
  only: DECODES,
  create: (url) => viaFetch(url, true),
  views: wireViews,
};

export const httpFloor = {
  name: 'node:http+JSON.parse(+decode)',
  note: 'node:http with a keep-alive Agent, Buffer.concat, toString, JSON.parse, decoding where solrpc decodes',
  create: viaNodeHttp,
  views: wireViews,
};
