import type { Material } from '@apm/contract';
import { initSystem, login } from '../../../helpers/app.js';
import { buildTenants, PASSWORD } from '../../users/fixture.js';
import { openStack, type Stack } from './stack.js';
import { TusClient } from './tus-client.js';

/** A listening app with tenants (agent A → customer A1, customer B) and signed-in operators. */
export async function uploadFixture(env: Record<string, string> = {}) {
  const stack: Stack = await openStack(env);
  await initSystem(stack.app);
  const tenants = await buildTenants(stack.db);
  const cookies = {
    admin: await login(stack.app),
    a1op: await login(stack.app, 'a1op', PASSWORD),
    a1admin: await login(stack.app, 'a1admin', PASSWORD),
    bop: await login(stack.app, 'bop', PASSWORD),
  };
  const tus = (who: keyof typeof cookies = 'a1op') => new TusClient(() => stack.origin, cookies[who]);
  /** A JSON call through the real listener. */
  const call = async (method: string, url: string, who: keyof typeof cookies = 'a1op', body?: unknown) => {
    const res = await fetch(`${stack.origin}/apm-web${url}`, {
      method,
      headers: { cookie: cookies[who], ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: res.status,
      json: (await res.json()) as {
        code: number;
        msg: string;
        data: { exists: boolean; material: Material };
      },
    };
  };
  return { stack, tenants, cookies, tus, call };
}

/** Parses a JSON envelope from a tus error response body. */
export async function envelope(res: Response): Promise<{ code: number; msg: string }> {
  const text = await res.text();
  try {
    return JSON.parse(text) as { code: number; msg: string };
  } catch {
    return { code: res.status, msg: text };
  }
}
