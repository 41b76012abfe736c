// Base64 decoding paths solrpc chooses between: Node's Buffer, the browser's Uint8Array.fromBase64
// (where the runtime has it), and the atob loop older browsers fall back to. Not a test: it prints
// medians for a 1 MiB payload. Run with `node bench/base64.mjs`.
import { randomBytes } from 'node:crypto';

const text = randomBytes(1024 * 1024).toString('base64');
const paths = {
  'Buffer.from (Node)': () => Buffer.from(text, 'base64'),
  'atob loop (older browsers)': () => {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  },
};
if (typeof Uint8Array.fromBase64 === 'function') paths['Uint8Array.fromBase64'] = () => Uint8Array.fromBase64(text);

function median(fn) {
  for (let i = 0; i < 10; i++) fn();
  const samples = [];
  for (let i = 0; i < 60; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[30];
}

console.log(`node ${process.version}: 1 MiB of base64`);
for (const [name, fn] of Object.entries(paths)) console.log(`${name.padEnd(30)} ${median(fn).toFixed(2)} ms`);
