#!/usr/bin/env node
/**
 * The `solrpc` executable: wires `run` to this process. Ctrl-C aborts what is in flight and ends with
 * 130 (a second Ctrl-C ends at once); a closed output pipe (`| head`) ends quietly.
 */
import { run } from './run.js';

const controller = new AbortController();
let interrupted = false;

process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort(new Error('interrupted'));
});

const onPipeError = (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') {
    controller.abort(new Error('output closed'));
    process.exit(0);
  }
  throw error;
};
process.stdout.on('error', onPipeError);
process.stderr.on('error', onPipeError);

const code = await run(process.argv.slice(2), {
  out: (text) => {
    process.stdout.write(text);
  },
  err: (text) => {
    process.stderr.write(text);
  },
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  signal: controller.signal,
});
process.exitCode = code;
