import { createServer, type Server, type Socket } from 'node:net';

/** A loopback SMTP server that accepts every mail and keeps its raw data: production's SMTP_URL in tests. */
export interface SmtpSink {
  readonly url: string;
  readonly mails: readonly string[];
  /** Resolves with the first mail received from now on whose data matches `pattern`. */
  next(pattern: RegExp): Promise<string>;
  close(): Promise<void>;
}

/** Just enough of RFC 5321 for nodemailer without TLS: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
function serve(socket: Socket, received: (data: string) => void): void {
  let buffer = '';
  let data: string[] | null = null;
  socket.setEncoding('utf8');
  socket.write('220 sink ESMTP\r\n');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\r\n');
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data !== null) {
        if (line === '.') {
          received(data.join('\n'));
          data = null;
          socket.write('250 queued\r\n');
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
      } else {
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
      end = buffer.indexOf('\r\n');
    }
  });
  socket.on('error', () => undefined);
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: string[] = [];
  const waiting: { pattern: RegExp; resolve: (mail: string) => void }[] = [];
  const server: Server = createServer((socket) =>
    serve(socket, (mail) => {
      mails.push(mail);
      for (const waiter of [...waiting]) {
        if (waiter.pattern.test(mail)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    next: (pattern) => new Promise((resolve) => waiting.push({ pattern, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const waiter of waiting.splice(0)) waiter.resolve('');
      }),
  };
}
