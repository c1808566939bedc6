/** The server calls of the uploader: capacity, MD5 check and instant upload (tus lives in upload-run.ts). */
import type { Md5Check, StorageCapacity } from '@apm/contract';
import { request } from '../../../services/request';

/** GET /apm-web/a/api/material/capacity — storage use, quota and the per-file upload limit. */
export async function fetchCapacity(signal?: AbortSignal): Promise<StorageCapacity> {
  return (await request<StorageCapacity>('/a/api/material/capacity', { signal, skipErrorHandler: true }))
    .data;
}

/** GET /apm-web/a/api/file/md5Check — whether the tenant (or a shared material) already holds these bytes. */
export async function md5Check(md5: string, size: number, signal?: AbortSignal): Promise<Md5Check> {
  return (
    await request<Md5Check>('/a/api/file/md5Check', {
      params: { md5, size, scope: 'material' },
      signal,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/file/instantUpload — links the held bytes as a new material of the caller. */
export async function instantUpload(
  body: { md5: string; size: number; name: string; folderId: number | null },
  signal?: AbortSignal,
): Promise<Md5Check> {
  return (
    await request<Md5Check>('/a/api/file/instantUpload', {
      // No folder: the key is left out (the library root), not sent as null.
      data: body.folderId === null ? { md5: body.md5, size: body.size, name: body.name } : body,
      requestType: 'json',
      signal,
      skipErrorHandler: true,
    })
  ).data;
}
