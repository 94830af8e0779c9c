import type { CardSecureToken } from '@pago/shared/contracts/cards';
import { loadScript } from '@/lib/load-script';

/**
 * The partner's secure frames (Unit's "Displaying Sensitive Card Data": VGS Show for the number
 * and CVV, VGS Collect for the PIN). Live mode loads VGS's scripts; sandbox mode the Unit fake's
 * stand-ins with the same calls. The page only places the frames: it never holds the numbers.
 */

type ShowElement = { render(selector: string, css?: Record<string, string>): unknown };
type VgsShow = {
  setEnvironment(environment: string): VgsShow;
  request(options: Record<string, unknown>): ShowElement;
  SERIALIZERS?: { replace(pattern: string, replacement: string): unknown };
};
type VgsCollectForm = {
  field(selector: string, options: Record<string, unknown>): unknown;
  submit(
    path: string,
    options: Record<string, unknown>,
    callback: (status: number, response: unknown) => void,
  ): void;
};
declare global {
  interface Window {
    VGSShow?: { create(vaultId: string, callback?: (state: unknown) => void): VgsShow };
    VGSCollect?: {
      create(
        vaultId: string,
        environment: string,
        callback?: (state: Record<string, { isValid?: boolean }>) => void,
      ): VgsCollectForm;
    };
  }
}

const securePath = (secure: CardSecureToken, field: string) =>
  `/cards/${encodeURIComponent(secure.partnerCardId)}/secure-data/${field}`;

/** Shows the number and CVV in the partner's frames inside `#panId` and `#cvvId`. */
export async function showCardNumbers(
  secure: CardSecureToken,
  panId: string,
  cvvId: string,
): Promise<void> {
  if (!window.VGSShow) await loadScript(secure.vault.showScriptUrl);
  if (!window.VGSShow) throw new Error('The secure display did not load');
  const show = window.VGSShow.create(secure.vault.vaultId).setEnvironment(secure.vault.environment);
  const headers = { Authorization: `Bearer ${secure.token}` };
  const groups = show.SERIALIZERS?.replace('(\\d{4})(\\d{4})(\\d{4})(\\d{4})', '$1 $2 $3 $4');
  show
    .request({
      name: 'card-pan',
      method: 'GET',
      path: securePath(secure, 'pan'),
      headers,
      htmlWrapper: 'text',
      jsonPathSelector: 'data.attributes.pan',
      ...(groups ? { serializers: [groups] } : {}),
    })
    .render(`#${panId}`, { height: '32px' });
  show
    .request({
      name: 'card-cvv',
      method: 'GET',
      path: securePath(secure, 'cvv'),
      headers,
      htmlWrapper: 'text',
      jsonPathSelector: 'data.attributes.cvv',
    })
    .render(`#${cvvId}`, { height: '32px' });
}

/** The PIN form: one field in the partner's frame inside `#fieldId`, and its submit. */
export async function pinForm(
  secure: CardSecureToken,
  fieldId: string,
  label: string,
): Promise<{ submit(): Promise<number>; valid(): boolean }> {
  if (!window.VGSCollect) await loadScript(secure.vault.collectScriptUrl);
  if (!window.VGSCollect) throw new Error('The secure form did not load');
  let valid = false;
  const form = window.VGSCollect.create(secure.vault.vaultId, secure.vault.environment, (state) => {
    valid = Boolean(state.pin?.isValid);
  });
  form.field(`#${fieldId}`, {
    type: 'password',
    name: 'pin',
    ariaLabel: label,
    placeholder: '••••',
    validations: ['required', '/^\\d{4}$/'],
  });
  return {
    valid: () => valid,
    submit: () =>
      new Promise((resolve) =>
        form.submit(
          securePath(secure, 'pin'),
          {
            method: 'PUT',
            headers: { Authorization: `Bearer ${secure.token}` },
            data: (fields: Record<string, unknown>) => ({
              data: { type: 'setPin', attributes: { pin: fields.pin } },
            }),
          },
          (status) => resolve(status),
        ),
      ),
  };
}
