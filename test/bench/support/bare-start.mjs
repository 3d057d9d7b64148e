// A bare fastify server with one health route, in plain JavaScript (no TypeScript loader to load):
// the start-up baseline of the API benchmark. Listens on the port given as its argument.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
