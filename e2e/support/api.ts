import { constants, createPublicKey, publicEncrypt } from 'node:crypto';

/** The envelope every API answer comes in. */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Encrypts a value the way the console does: RSA-OAEP/SHA-256 with the server's published key, base64. */
export async function encryptForServer(baseUrl: string, value: string): Promise<string> {
  const res = await fetch(`${baseUrl}/apm-web/f/common/publishKey`);
  const { data } = (await res.json()) as Envelope<{ exponent: string; modulus: string }>;
  const key = createPublicKey({
    key: {
      kty: 'RSA',
      n: Buffer.from(data.modulus, 'hex').toString('base64url'),
      e: Buffer.from(data.exponent, 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(value),
  ).toString('base64');
}

/** Signs in through the API from Node and answers the `Cookie` header value carrying the session. */
export async function apiSignIn(baseUrl: string, username: string, password: string): Promise<string> {
  const body = new URLSearchParams({
    username: await encryptForServer(baseUrl, username),
    password: await encryptForServer(baseUrl, password),
  });
  const res = await fetch(`${baseUrl}/apm-web/a/login`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`sign-in failed (${res.status}): ${await res.text()}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('Authorization='));
  if (!session) throw new Error('sign-in set no Authorization cookie');
  return session.split(';')[0]!;
}

/** Calls the API with a session cookie: a JSON POST when `body` is given, otherwise a GET. */
export async function apiCall<T>(baseUrl: string, cookie: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/apm-web${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || envelope.code !== 0) {
    throw new Error(`${url} failed (${res.status}): ${envelope.msg}`);
  }
  return envelope.data;
}

/** Who {@link createUserWithRole} creates: a role of `grants` and one user holding it. */
export interface UserWithRole {
  roleName: string;
  /** Comma-separated permission strings, e.g. `home:view,res:material:view`. */
  grants: string;
  loginName: string;
  name: string;
  password: string;
  /** The user's office; the signed-in administrator's own unless given. */
  officeId?: number;
}

/** The office of the signed-in user. */
async function ownOfficeId(baseUrl: string, cookie: string): Promise<number> {
  return (await apiCall<{ office: { id: number } }>(baseUrl, cookie, '/a/api/user/getUserInfo')).office.id;
}

/** Creates a role with the given grants and a user holding it (as the signed-in administrator). */
export async function createUserWithRole(baseUrl: string, cookie: string, user: UserWithRole): Promise<void> {
  const officeId = user.officeId ?? (await ownOfficeId(baseUrl, cookie));
  const role = await apiCall<{ id: number }>(baseUrl, cookie, '/a/api/role/save', {
    name: user.roleName,
    grants: user.grants,
  });
  await apiCall(baseUrl, cookie, '/a/api/user/save', {
    loginName: user.loginName,
    name: user.name,
    officeId,
    roleIds: [role.id],
    password: await encryptForServer(baseUrl, user.password),
  });
}

/** Creates a user holding the built-in operator role in the signed-in administrator's office. */
export async function createOperator(
  baseUrl: string,
  cookie: string,
  user: { user: string; password: string; name: string },
): Promise<void> {
  const officeId = await ownOfficeId(baseUrl, cookie);
  const roles = await apiCall<{ id: number; code: string }[]>(baseUrl, cookie, '/a/api/user/allRoleList');
  await apiCall(baseUrl, cookie, '/a/api/user/save', {
    loginName: user.user,
    name: user.name,
    officeId,
    roleIds: [roles.find((r) => r.code === 'operator')!.id],
    password: await encryptForServer(baseUrl, user.password),
  });
}
