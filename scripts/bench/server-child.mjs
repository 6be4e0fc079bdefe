// The server process of the benchmarks: the real built app, announcing READY on stdout.
import { startServer, stopServer } from '../serve.mjs';

const server = await startServer({ port: Number(process.env.PORT), host: '127.0.0.1', log: () => {} });
process.stdout.write('READY\n');
process.on('SIGTERM', async () => {
  await stopServer(server).catch(() => {});
  process.exit(0);
});
