import {
  type DeliverySpeed,
  deliveryOption,
  deliveryTime,
  instantDelivery,
} from '@pago/shared/delivery-times';
import { useLocale } from './format';

/**
 * When money sent home arrives, in the reader's language: the shared texts
 * (`@pago/shared/delivery-times`), the one source the calculator, the send-home steps,
 * Enviar/Solicitar, /fees and the receipt show.
 */
export function useDeliveryTime() {
  const lang = useLocale();
  return {
    /** "Llega en 1 día". */
    time: (country: string, speed: DeliverySpeed) => deliveryTime(country, speed, lang),
    /** "Estándar: llega en 1 día". */
    option: (country: string, speed: DeliverySpeed) => deliveryOption(country, speed, lang),
    /** "Llega al instante". */
    instant: () => instantDelivery(lang),
  };
}
