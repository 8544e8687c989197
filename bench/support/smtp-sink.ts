import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the email benches, in a process of its own (so its CPU is counted
 * apart from the service's, and the service's event loop is not shared with it). It accepts every
 * message, keeps nothing but a count, and tells its parent (IPC) the count and the times of the first
 * and latest arrivals (epoch ms) at most every 100 ms and whenever asked ('report'). Started by
 * email-national.bench.ts: `node --import tsx bench/support/smtp-sink.ts` with an IPC channel; it
 * answers {port} once listening.
 */
let count = 0;
let firstAt = 0;
let lastAt = 0;
let scheduled = false;
const report = () => {
  scheduled = false;
  process.send?.({ count, firstAt, lastAt });
};

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // As many connections as the service opens (two instances x their pool).
  maxClients: 200,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      count++;
      lastAt = Date.now();
      if (firstAt === 0) firstAt = lastAt;
      if (!scheduled) {
        scheduled = true;
        setTimeout(report, 100);
      }
      callback();
    });
  },
});

process.on('message', (message) => {
  if (message === 'report') report();
  if (message === 'reset') {
    count = 0;
    firstAt = 0;
    lastAt = 0;
  }
});
process.on('disconnect', () => server.close(() => process.exit(0)));
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
