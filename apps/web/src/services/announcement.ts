/** The sign-in announcement (`/a/api/sysSetting/announcement`). */
import type { AnnouncementSaveInput } from '@apm/contract';
import { textsOf, type Announcement } from '../layouts/announcement/announcement-logic';
import { RequestError, request } from './request';

/** The announcement with `texts` filled in (older servers answer only the spec's Chinese and English fields). */
function normalized(data: Announcement): Announcement {
  return { ...data, texts: textsOf(data) };
}

/**
 * GET /a/api/sysSetting/announcement?getType=1 — the current announcement, or `null`.
 * A 404 (endpoint not there) also means "no announcement"; other failures throw for the
 * caller to report ('Error getting announcement!').
 */
export async function getAnnouncement(): Promise<Announcement | null> {
  try {
    const { data } = await request<Announcement | null>('/a/api/sysSetting/announcement', {
      params: { getType: 1 },
      skipErrorHandler: true,
    });
    return data && typeof data === 'object' ? normalized(data) : null;
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return null;
    throw error;
  }
}

/**
 * POST /apm-web/a/api/sysSetting/announcementManagerSave — saves the announcement (JSON, texts per
 * language); answers it.
 */
export async function saveAnnouncement(body: AnnouncementSaveInput): Promise<Announcement> {
  const { data } = await request<Announcement>('/a/api/sysSetting/announcementManagerSave', {
    method: 'POST',
    data: body,
    requestType: 'json',
    skipErrorHandler: true,
  });
  return normalized(data);
}
