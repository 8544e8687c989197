import type { BoxReady, BoxRequest } from './protocol';
import { cpuMs, FormsHeld, handleRequest } from './tasks';

/**
 * The entry of an evaluation worker process (decision 0031), bundled on its own into
 * `evaluation-worker.mjs` (bundle.ts). The pool starts it with an empty environment, in an empty
 * folder, as an unprivileged user where it can, with Node's permission model allowing it to read its
 * own file and nothing else (no other file, no child process, no thread, no native addon), code from
 * strings refused, and a heap limit. It answers one request at a time over the IPC channel and holds
 * nothing but the form versions it was sent.
 */
const send = process.send?.bind(process);
if (!send) throw new Error('The evaluation worker runs only as a child of the API (an IPC channel)');

const forms = new FormsHeld();
process.on('message', (request: BoxRequest) => {
  send(handleRequest(request, forms));
});
// The API went away (its end of the channel closed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
send({ ready: true, cpuMs: cpuMs() } satisfies BoxReady);
