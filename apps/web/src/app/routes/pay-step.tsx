import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ReceiptDialog } from '@/features/activity/components/receipt-dialog';
import { type PaySent, PaySomeone } from '@/features/transfers/components/pay-someone';
import { SendResult } from '@/features/transfers/components/send-result';

/**
 * Paying a Pago user, as /pay and the send flow (/send) show it: the form, then its result (with
 * the receipt) in the form's place; "Enviar otra vez" starts a new form for the same person.
 */
export function PayStep({ to, onSent }: { to: string | null; onSent?: () => void }) {
  const navigate = useNavigate();
  const [sent, setSent] = useState<PaySent | null>(null);
  const [again, setAgain] = useState<PaySent | null>(null);
  // Each new form is a new component: nothing of the last send's messages stays.
  const [round, setRound] = useState(0);
  const [receiptId, setReceiptId] = useState<string | null>(null);
  return (
    <>
      {sent ? (
        <SendResult
          transfer={sent.transfer}
          person={`${sent.person.name} (@${sent.person.username})`}
          onReceipt={() => setReceiptId(sent.transfer.id)}
          onAgain={() => {
            setAgain(sent);
            setSent(null);
            setRound((n) => n + 1);
          }}
          onDone={() => navigate('/dashboard')}
        />
      ) : (
        <PaySomeone
          key={round}
          to={to}
          again={again}
          onSent={(next) => {
            setSent(next);
            onSent?.();
          }}
        />
      )}
      <ReceiptDialog transferId={receiptId} onClose={() => setReceiptId(null)} />
    </>
  );
}
