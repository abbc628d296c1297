/**
 * The page's calls to the «Avisos» routes (edge/inbox/push-devices.ts), typed by contract/push.ts: same origin,
 * the session cookie, the session's CSRF token on every change. Errors carry the API's Spanish sentence.
 */
import type { PushDevice, PushDeviceRequest, PushDevicesAnswer, PushTestAnswer } from '../../contract/push'
import { API, ApiError, SignedOut } from './api-client'

export interface PushApi {
  devices(): Promise<PushDevicesAnswer>
  add(request: PushDeviceRequest): Promise<PushDevice>
  remove(id: string): Promise<void>
  test(id: string): Promise<PushTestAnswer>
}

export function createPushApi(csrf: string, fetcher: typeof fetch = (...args) => fetch(...args)): PushApi {
  async function call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
    const response = await fetcher(`${API}${path}`, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { 'X-CSRF-Token': csrf }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) {
      const problem = (await response.json().catch(() => ({}))) as { error?: string; renew?: boolean }
      if (response.status === 401) throw new SignedOut(problem.renew === true)
      throw new ApiError(problem.error ?? `Error ${response.status}`)
    }
    return (response.status === 204 ? undefined : await response.json()) as T
  }
  const device = (id: string) => `avisos/${encodeURIComponent(id)}`
  return {
    devices: () => call<PushDevicesAnswer>('avisos'),
    add: (request) => call<PushDevice>('avisos', 'POST', request),
    remove: (id) => call<void>(device(id), 'DELETE'),
    test: (id) => call<PushTestAnswer>(`${device(id)}/prueba`, 'POST'),
  }
}
