// The subscription clients bench/subscriptions.mjs runs, in the order rounds alternate through them.
export const SUBSCRIPTION_CLIENTS = [
  { name: 'solrpc', path: './solrpc.mjs' },
  { name: 'kit', path: './kit.mjs' },
  { name: 'web3.js', path: './web3.mjs' },
];

export async function loadSubscriptionClient(name) {
  const entry = SUBSCRIPTION_CLIENTS.find((c) => c.name === name);
  if (!entry) throw new Error(`unknown client ${name}; known: ${SUBSCRIPTION_CLIENTS.map((c) => c.name).join(', ')}`);
  return import(entry.path);
}
