/**
 * The baseline of the API load budget: a bare Fastify route answering a small JSON
 * body, in its own process like the product, on the port given as the first argument.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3990);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening ${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
