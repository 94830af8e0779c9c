import type { AppInstance } from '../../app-instance';
import { SHARED_ASSETS, sendAsset } from './assets';

/** The browser files the Plaid and Persona fakes share (their hosted flows link them). */
export async function sharedAssetRoutes(app: AppInstance): Promise<void> {
  app.get('/sandbox/shared/assets/:file', (request, reply) =>
    sendAsset(reply, SHARED_ASSETS, (request.params as { file: string }).file),
  );
}
