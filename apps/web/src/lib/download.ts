import { ApiError } from '@/lib/api-client';
import { SESSION_EXPIRED } from '@/lib/events';
import { clearStoredToken, getStoredToken } from '@/lib/session-storage';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

/**
 * Downloads an API answer (a CSV, a PDF) as a file named `filename`. It is fetched with the
 * session's token (a plain link could not send it) and handed to the browser as a blob.
 */
export async function downloadWithSession(path: string, filename: string): Promise<void> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`${BASE_URL}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Network error');
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearStoredToken();
      window.dispatchEvent(new Event(SESSION_EXPIRED));
    }
    throw new ApiError(response.status, 'internal_error', `${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
