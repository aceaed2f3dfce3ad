import { useTestStack } from '../support/stack.js';
import { postJson, request } from '../support/http.js';
import { sequenceProblem } from '../support/problems.js';

const { stack, user } = useTestStack();

test('a task survives its worker being killed: Temporal runs it again on the restarted worker', async () => {
  const problem = sequenceProblem(150, { routes: 2, timeLimit: '00:00:05' });
  const started = await postJson(`${stack.baseUrl}/v1/sequence`, problem, { authorization: user.basic });
  const id: string = started.body.task_id;
  const status = () => request(`${stack.baseUrl}/v1/tasks/${id}`, { headers: { authorization: user.basic } });

  // Wait until the worker is demonstrably running it (progress is reported from the solver thread).
  const deadline = Date.now() + 30000;
  while ((await status()).body.progress === undefined) {
    if (Date.now() > deadline) throw new Error('the task never reported progress');
    await new Promise((r) => setTimeout(r, 100));
  }
  await stack.killWorker('SIGKILL');
  expect((await status()).body.status).toBe('running');
  await new Promise((r) => setTimeout(r, 1000));
  stack.startWorker();

  const result = await request(`${stack.baseUrl}/v1/tasks/${id}/result?wait=1`, { headers: { authorization: user.basic } });
  let response = result;
  while (response.status === 302)
    response = await request(`${stack.baseUrl}${response.headers.get('location')}`, { headers: { authorization: user.basic } });
  expect(response.status).toBe(200);
  problem.routes.forEach((route, i) => {
    const visited = response.body.routes[i].stops.filter((s: { type: string }) => s.type === 'job').map((s: { id: string }) => s.id);
    expect(visited.sort()).toEqual(route.jobs.map((j) => j.id).sort());
  });
  expect((await status()).body.status).toBe('completed');
}, 180000);
