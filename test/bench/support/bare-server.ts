/** A bare fastify server answering one JSON body: the baseline the API benchmark compares against. */
import Fastify from 'fastify';

const body = process.argv[2] ?? '{}';
const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${address}\n`);
