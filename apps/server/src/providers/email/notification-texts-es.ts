import type { NotificationTexts } from './notification-words';

/** The notification e-mails in Spanish. */
export const NOTIFICATION_TEXTS_ES: NotificationTexts = {
  money_received: {
    subject: (w) => `${w.who} te envió ${w.amount}`,
    body: (w) => [`${w.who} te envió ${w.amount}. Ya está en tu saldo.`],
  },
  request_received: {
    subject: (w) => `${w.who} te solicitó ${w.amount}`,
    body: (w) => [
      `${w.who} te solicitó ${w.amount}.`,
      'Abre Pago para pagar o rechazar la solicitud.',
    ],
  },
  request_paid: {
    subject: (w) => `${w.who} pagó tu solicitud de ${w.amount}`,
    body: (w) => [`${w.who} pagó tu solicitud de ${w.amount}. Ya está en tu saldo.`],
  },
  request_declined: {
    subject: (w) => `${w.who} rechazó tu solicitud de ${w.amount}`,
    body: (w) => [`${w.who} rechazó tu solicitud de ${w.amount}.`],
  },
  remittance_delivered: {
    subject: (w) => `Tu envío de ${w.amount} a ${w.recipient} fue entregado`,
    body: (w) => [`El dinero que enviaste a ${w.recipient} (${w.amount}) fue entregado.`],
  },
  remittance_pickup_ready: {
    subject: (w) => `Tu envío de ${w.amount} a ${w.recipient} está listo para cobrar`,
    body: (w) => [
      `El dinero que enviaste a ${w.recipient} (${w.amount}) está listo para cobrar en efectivo. El código para cobrar está en el seguimiento del envío; si no le llegó nuestro SMS, compártelo desde ahí por WhatsApp.`,
    ],
  },
  remittance_refunded: {
    subject: (w) => `No pudimos entregar tu envío: te devolvimos ${w.amount}`,
    body: (w) => [
      `No pudimos entregar el dinero que enviaste a ${w.recipient}. Te devolvimos ${w.amount}, monto y comisión, a tu saldo.`,
    ],
  },
  identity_approved: {
    subject: () => 'Verificamos tu identidad',
    body: () => ['Tu identidad está verificada. Ya puedes enviar y recibir dinero.'],
  },
  identity_failed: {
    subject: () => 'No pudimos verificar tu identidad',
    body: () => ['No pudimos verificar tu identidad. Revisa tus datos e inténtalo de nuevo.'],
  },
  new_sign_in: {
    subject: () => 'Nuevo inicio de sesión en tu cuenta',
    body: (w) => [
      `Alguien inició sesión en tu cuenta desde ${w.device} el ${w.time}.`,
      'Si no fuiste tú, cambia tu contraseña de inmediato.',
    ],
  },
  password_changed: {
    subject: () => 'Tu contraseña cambió',
    body: () => [
      'La contraseña de tu cuenta cambió y cerramos las sesiones abiertas en otros dispositivos.',
      'Si no fuiste tú, restablece tu contraseña de inmediato desde la página de inicio de sesión.',
    ],
  },
  card_purchase: {
    subject: (w) => `Compraste ${w.amount} en ${w.merchant}`,
    body: (w) => [
      `Pagaste ${w.amount} con tu tarjeta Pago en ${w.merchant}. Aparece como pendiente hasta que el comercio la confirme; si el monto final cambia (por ejemplo, con la propina), te avisaremos.`,
    ],
  },
  card_declined: {
    subject: (w) => `Rechazamos un cargo de ${w.amount} a tu tarjeta`,
    body: (w) => [
      `Rechazamos un cargo de ${w.amount} en ${w.merchant}: ${w.reason}.`,
      'Si no fuiste tú, congela tu tarjeta desde la app.',
    ],
  },
  card_atm_withdrawal: {
    subject: (w) => `Retiraste ${w.amount} en un cajero automático`,
    body: (w) => [
      `Retiraste ${w.amount} en ${w.merchant} con tu tarjeta Pago. Comisión: ${w.fee}.`,
    ],
  },
  bill_scheduled: {
    subject: (w) => `Programaste un pago de ${w.amount} a ${w.biller}`,
    body: (w) => [`Pagaremos ${w.amount} a ${w.biller} el ${w.date}.`],
  },
  bill_reminder: {
    subject: (w) => `En 3 días pagamos ${w.amount} a ${w.biller}`,
    body: (w) => [
      `El ${w.date} pagaremos ${w.amount} a ${w.biller}. Asegúrate de tener saldo suficiente ese día.`,
    ],
  },
  bill_paid: {
    subject: (w) => `Pagaste ${w.amount} a ${w.biller}`,
    body: (w) => [`Tu pago de ${w.amount} a ${w.biller} llegó.`],
  },
  bill_returned: {
    subject: (w) => `Tu pago a ${w.biller} no se completó: te devolvimos ${w.amount}`,
    body: (w) => [
      `Tu pago de ${w.amount} a ${w.biller} no se pudo completar. El dinero ya está de vuelta en tu saldo.`,
    ],
  },
  bill_failed: {
    subject: (w) => `No pudimos pagar ${w.amount} a ${w.biller}`,
    body: (w) => [
      `El pago programado del ${w.date} de ${w.amount} a ${w.biller} no se hizo: tu saldo no alcanzaba o superaba tus límites. No se movió dinero.`,
    ],
  },
  card_refund: {
    subject: (w) => `${w.merchant} te reembolsó ${w.amount}`,
    body: (w) => [`${w.merchant} te reembolsó ${w.amount} a tu tarjeta. Ya está en tu saldo.`],
  },
  check_deposit_received: {
    subject: (w) => `Recibimos tu depósito de cheque de ${w.amount}`,
    body: (w) => [
      `Recibimos tu depósito de cheque de ${w.amount}. Lo estamos revisando; verás el dinero como pendiente en tu saldo hasta que esté disponible.`,
    ],
  },
  check_deposit_available: {
    subject: (w) => `Tu cheque de ${w.amount} ya está disponible`,
    body: (w) => [`Tu depósito de cheque de ${w.amount} ya está disponible en tu saldo.`],
  },
  check_deposit_rejected: {
    subject: (w) => `No pudimos aceptar tu cheque de ${w.amount}`,
    body: (w) => [
      `No pudimos aceptar tu depósito de cheque de ${w.amount}${w.reason ? `: ${w.reason}` : ''}. No se agregó dinero a tu saldo.`,
    ],
  },
  check_deposit_returned: {
    subject: (w) => `Tu cheque de ${w.amount} fue devuelto`,
    body: (w) => [
      `El banco devolvió tu cheque de ${w.amount}${w.reason ? `: ${w.reason}` : ''}. Lo quitamos de tu saldo.`,
      ...(w.owed
        ? [`Tu cuenta debe ${w.owed}; lo cubriremos con el próximo dinero que recibas.`]
        : []),
    ],
  },
  cash_deposit_received: {
    subject: (w) => `Depositaste ${w.amount} en efectivo`,
    body: (w) => [
      `Depositaste ${w.amount} en efectivo en ${w.merchant}. Comisión: ${w.fee}. Ya está en tu saldo.`,
    ],
  },
  card_dispute_opened: {
    subject: (w) => `Recibimos tu disputa de ${w.amount}`,
    body: (w) => [
      `Recibimos tu disputa del cargo de ${w.merchant} por ${w.amount}.`,
      'Si no la resolvemos antes, te daremos un crédito provisional en un plazo de 10 días hábiles.',
    ],
  },
  card_dispute_credited: {
    subject: (w) => `Te dimos un crédito provisional de ${w.amount}`,
    body: (w) => [
      `Mientras investigamos tu disputa del cargo de ${w.merchant}, te dimos un crédito provisional de ${w.amount}. Ya está en tu saldo.`,
    ],
  },
  card_dispute_won: {
    subject: (w) => `Resolvimos tu disputa a tu favor: ${w.amount}`,
    body: (w) => [
      `Resolvimos a tu favor la disputa del cargo de ${w.merchant}. El crédito de ${w.amount} es definitivo.`,
    ],
  },
  card_dispute_lost: {
    subject: (w) => `Resolvimos tu disputa del cargo de ${w.merchant}`,
    body: (w) => [
      `Después de investigar, determinamos que el cargo de ${w.merchant} fue correcto.`,
      ...(w.date
        ? [
            `Retiraremos el crédito provisional de ${w.amount} de tu saldo el ${w.date}. Hasta esa fecha seguiremos pagando tus compras y envíos como siempre.`,
          ]
        : []),
      'Puedes pedirnos los documentos en los que basamos nuestra decisión.',
    ],
  },
  card_dispute_reversed: {
    subject: (w) => `Retiramos el crédito provisional de ${w.amount}`,
    body: (w) => [
      `Retiramos de tu saldo el crédito provisional de ${w.amount} por el cargo de ${w.merchant}.`,
      `Lo que tu saldo no cubrió (${w.owed}) lo cobraremos de tu próximo depósito.`,
    ],
  },
  phone_changed: {
    subject: () => 'Verificaste un teléfono nuevo',
    body: (w) => [
      `El número ${w.phone} ahora está vinculado a tu cuenta.`,
      'Si no fuiste tú, cambia tu contraseña de inmediato.',
    ],
  },
  direct_deposit_pending: {
    subject: (w) => `Recibiste un depósito de ${w.amount}`,
    body: (w) => [
      `${w.payer} te envió ${w.amount} por depósito directo. Aparece en tu saldo como pendiente hasta que esté disponible.`,
    ],
  },
  direct_deposit_available: {
    subject: (w) => `Tu depósito de ${w.amount} ya está disponible`,
    body: (w) => [`El depósito de ${w.amount} de ${w.payer} ya está disponible en tu saldo.`],
  },
  direct_deposit_returned: {
    subject: (w) => `Devolvieron un depósito de ${w.amount}`,
    body: (w) => [
      `El banco de ${w.payer} devolvió el depósito de ${w.amount} y lo retiramos de tu saldo.`,
      ...(w.owed
        ? [
            `Tu saldo no alcanzaba: tu cuenta debe ${w.owed}, que cobraremos de tu próximo depósito.`,
          ]
        : []),
    ],
  },
  card_funding_reversed: {
    subject: (w) => `Te retiramos ${w.amount} por un contracargo de tarjeta`,
    body: (w) => [
      `El banco de tu tarjeta nos pidió devolver el cargo con el que agregaste ${w.amount} (un contracargo). Lo retiramos de tu saldo.`,
      ...(w.owed
        ? [`Tu cuenta debe ${w.owed}; lo cubriremos con el próximo dinero que recibas.`]
        : []),
    ],
  },
  two_step_enabled: {
    subject: () => 'Activaste los códigos de dos pasos',
    body: (w) => [
      `Los códigos de dos pasos quedaron activados en tu cuenta desde ${w.device} el ${w.time}. Desde ahora, al iniciar sesión te pediremos el código de tu app de autenticación.`,
      'Si no fuiste tú, cambia tu contraseña de inmediato y revisa tus sesiones en Seguridad.',
    ],
  },
  two_step_disabled: {
    subject: () => 'Desactivaste los códigos de dos pasos',
    body: (w) => [
      `Los códigos de dos pasos se desactivaron en tu cuenta desde ${w.device} el ${w.time}. Ahora basta tu contraseña para iniciar sesión.`,
      'Si no fuiste tú, cambia tu contraseña de inmediato y vuelve a activarlos en Seguridad.',
    ],
  },
  external_signin_linked: {
    subject: (w) => `Vinculaste ${w.provider || 'un inicio de sesión externo'} a tu cuenta`,
    body: (w) => [
      `Desde ${w.device} el ${w.time}, vinculaste ${w.provider || 'un inicio de sesión externo'} a tu cuenta de Pago. Ahora puedes iniciar sesión con esa cuenta.`,
      'Si no fuiste tú, cambia tu contraseña de inmediato y revisa tus sesiones en Seguridad.',
    ],
  },
  card_purchase_cleared: {
    subject: (w) => `Tu compra en ${w.merchant} quedó en ${w.amount}`,
    body: (w) => [
      `El comercio ${w.merchant} confirmó tu compra con tu tarjeta Pago por ${w.amount}, el monto final (autorizaste ${w.authorized}; la diferencia suele ser la propina).`,
      'Si no reconoces este monto, puedes disputar el cargo desde tu actividad.',
    ],
  },
  schedule_upcoming: {
    subject: (w) => `Mañana enviamos ${w.amount} a ${w.recipient}`,
    body: (w) => [
      `Mañana, ${w.date}, enviaremos ${w.amount} a ${w.recipient} según tu envío programado.`,
      ...(w.rate
        ? [
            `Estimado con el tipo de cambio de hoy (${w.rate}): comisión ${w.fee}, total ${w.total}; ${w.recipient} recibiría ${w.received}. El tipo de cambio final es el del momento del envío.`,
          ]
        : []),
      'Asegúrate de tener saldo suficiente. Puedes saltar, pausar o cambiar este envío en Envíos programados.',
    ],
  },
  schedule_sent: {
    subject: (w) => `Enviamos ${w.amount} a ${w.recipient}`,
    body: (w) => [
      `Tu envío programado del ${w.date} salió: ${w.amount} a ${w.recipient}${w.received ? `, que recibe ${w.received}` : ''}.`,
      'Puedes seguirlo desde tu actividad.',
    ],
  },
  schedule_failed: {
    subject: (w) => `No pudimos enviar ${w.amount} a ${w.recipient}`,
    body: (w) => [
      `Tu envío programado del ${w.date} de ${w.amount} a ${w.recipient} no se hizo: ${w.failure || 'el envío fue rechazado'}. No se movió dinero.`,
      'El próximo envío sigue en pie en su fecha.',
    ],
  },
  rate_alert_reached: {
    subject: (w) => `El tipo de cambio llegó a ${w.rateReached} ${w.currency} por dólar`,
    body: (w) => [
      `Pediste que te avisáramos cuando 1 USD llegara a ${w.target} ${w.currency}. Hoy el tipo de cambio para tus envíos es ${w.rateReached} ${w.currency}.`,
      'Abre Pago para enviar dinero a tu familia. Te avisamos como máximo una vez al día.',
    ],
  },
  rate_order_sent: {
    subject: (w) => `Enviamos ${w.amount} a ${w.recipient} a ${w.rateReached} ${w.currency}`,
    body: (w) => [
      `El tipo de cambio llegó a tu meta: enviamos ${w.amount} a ${w.recipient} a ${w.rateReached} ${w.currency} por dólar, con el dinero que tenías reservado.`,
      'Puedes seguir el envío en tu actividad.',
    ],
  },
  rate_order_released: {
    subject: (w) => `Liberamos ${w.amount} de tu envío a ${w.recipient}`,
    body: (w) => [
      `Tu envío a ${w.recipient} con meta de ${w.target} ${w.currency} no salió, y los ${w.amount} reservados volvieron a tu saldo.`,
    ],
  },
  pideme_request: {
    subject: (w) => `${w.recipient} te pide ${w.foreign}`,
    body: (w) => [
      `${w.recipient} te pidió ${w.foreign} con tu enlace Pídeme.`,
      'Abre Pago para ver el total en dólares y pagar con un toque, o rechazar la solicitud.',
    ],
  },
  payday_sent: {
    subject: (w) => `Enviamos ${w.amount} a ${w.recipient} de tu depósito`,
    body: (w) => [
      `Llegó tu depósito de ${w.payer} y, como pediste en Día de pago, enviamos ${w.amount} a ${w.recipient}. La comisión y el tipo de cambio están en el recibo.`,
    ],
  },
  payday_failed: {
    subject: (w) => `No pudimos enviar ${w.amount} a ${w.recipient}`,
    body: (w) => [
      `Llegó tu depósito de ${w.payer}, pero no pudimos enviar ${w.amount} a ${w.recipient} como pediste en Día de pago: ${w.failure || 'el envío fue rechazado'}. No se movió dinero.`,
      'Revisa el motivo en Día de pago (en Depósito directo) y envía dinero desde la app si lo necesitas.',
    ],
  },
  colecta_invited: {
    subject: (w) => `${w.who} te invitó a la colecta «${w.title}»`,
    body: (w) => [
      `${w.who} está juntando ${w.amount} para enviar a casa y te invitó a aportar. Abre Pago para ver la colecta y aportar desde tu saldo.`,
    ],
  },
  colecta_contribution: {
    subject: (w) => `${w.who} aportó ${w.amount} a «${w.title}»`,
    body: (w) => [
      `${w.who} aportó ${w.amount} a tu colecta «${w.title}». Pago guarda el dinero hasta que se envíe.`,
    ],
  },
  colecta_sent: {
    subject: (w) => `La colecta «${w.title}» se envió a ${w.recipient}`,
    body: (w) => [
      `Enviamos ${w.amount} a ${w.recipient} con lo que juntaron en «${w.title}». Te avisaremos cuando llegue.`,
    ],
  },
  colecta_delivered: {
    subject: (w) => `La colecta «${w.title}» llegó a ${w.recipient}`,
    body: (w) => [`El envío de ${w.amount} a ${w.recipient} de «${w.title}» fue entregado.`],
  },
  colecta_cancelled: {
    subject: (w) => `Se canceló la colecta «${w.title}»: te devolvimos ${w.amount}`,
    body: (w) => [
      `La colecta «${w.title}» se canceló y no se envió. Tu aporte de ${w.amount} ya está de vuelta en tu saldo.`,
    ],
  },
  colecta_send_failed: {
    subject: (w) => `No pudimos enviar la colecta «${w.title}»`,
    body: (w) => [
      `No se envió el dinero de «${w.title}»: revisa que tu saldo cubra la comisión y que no superes tus límites, y vuelve a enviarla. Los aportes siguen guardados.`,
    ],
  },
};
