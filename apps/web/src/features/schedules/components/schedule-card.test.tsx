import type { Schedule } from '@pago/shared/contracts/schedules';
import { cents } from '@pago/shared/money';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { ScheduleCard } from './schedule-card';
import { parseAmount } from './schedule-rule';

const renderCard = featureRenderer(['schedules'], { user: ANA });

const schedule = (over: Partial<Schedule> = {}): Schedule =>
  ({
    id: 's1',
    kind: 'remittance',
    recipientId: 'r1',
    payeeUsername: null,
    recipientName: 'María López',
    recipientCountry: 'MX',
    amountCents: 20000,
    speed: 'standard',
    frequency: 'twice_monthly',
    startDate: '2026-11-27',
    dayOfMonth: 15,
    secondDay: 1,
    status: 'active',
    nextRunDate: '2026-12-01',
    nextRunAt: '2026-12-01T14:00:00.000Z',
    timeZone: 'America/New_York',
    createdAt: '2026-11-27T15:00:00.000Z',
    runs: [
      {
        id: 'run1',
        dueDate: '2026-11-15',
        dueAt: '2026-11-15T14:00:00.000Z',
        status: 'failed',
        failureReason: 'insufficient_funds',
        transferId: null,
        amountCents: 20000,
        feeCents: null,
        payoutAmount: null,
        payoutCurrency: null,
        createdAt: '2026-11-15T14:00:01.000Z',
      },
    ],
    ...over,
  }) as Schedule;

describe('a scheduled transfer', () => {
  it('says to whom, the days in order, the next date, and why a run failed, in Spanish', async () => {
    const onAction = vi.fn();
    await renderCard(
      <ScheduleCard schedule={schedule()} busy={false} onAction={onAction} onEdit={vi.fn()} />,
    );
    expect(await screen.findByText('$200.00 · María López')).toBeVisible();
    expect(screen.getByText('El 1 y el 15 de cada mes')).toBeVisible();
    expect(screen.getByText('Próximo envío: mar, 1 de diciembre')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Ver historial (1)' }));
    expect(await screen.findByText('Tu saldo no alcanzaba')).toBeVisible();
    expect(screen.getByText('No se hizo')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Saltar el próximo' }));
    expect(onAction).toHaveBeenCalledWith('skip');
  });

  it('a paused one offers to resume, not to skip; in English', async () => {
    const onAction = vi.fn();
    await renderCard(
      <ScheduleCard
        schedule={schedule({ status: 'paused', nextRunDate: null, nextRunAt: null })}
        busy={false}
        onAction={onAction}
        onEdit={vi.fn()}
      />,
      { language: 'en' },
    );
    expect(await screen.findByText('Paused')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skip the next one' })).toBeNull();
    expect(screen.queryByText(/^Next transfer/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onAction).toHaveBeenCalledWith('resume');
  });
});

describe('a scheduled transfer to a Pago user', () => {
  const p2p = (over: Partial<Schedule> = {}) =>
    schedule({
      kind: 'p2p',
      recipientId: null,
      payeeUsername: 'beto_ruiz',
      recipientName: 'Beto Ruiz',
      recipientCountry: 'US',
      amountCents: cents(5000),
      frequency: 'weekly',
      startDate: '2026-12-04',
      dayOfMonth: null,
      secondDay: null,
      runs: [
        {
          id: 'run2',
          dueDate: '2026-11-27',
          dueAt: '2026-11-27T14:00:00.000Z',
          status: 'sent',
          failureReason: null,
          transferId: 't1',
          amountCents: cents(5000),
          feeCents: cents(0),
          payoutAmount: '50.00',
          payoutCurrency: 'USD',
          createdAt: '2026-11-27T14:00:01.000Z',
        },
      ],
      ...over,
    });

  it('names them and their @username, with no country and no amount received abroad', async () => {
    await renderCard(
      <ScheduleCard schedule={p2p()} busy={false} onAction={vi.fn()} onEdit={vi.fn()} />,
    );
    const card = await screen.findByRole('article', { name: 'Beto Ruiz' });
    expect(screen.getByText('$50.00 · Beto Ruiz')).toBeVisible();
    expect(screen.getByText('@beto_ruiz · usuario de Pago')).toBeVisible();
    expect(screen.getByText('Cada semana, los viernes')).toBeVisible();
    expect(screen.queryByText(/Envío a|Estados Unidos/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver historial (1)' }));
    expect(await screen.findByText('Enviado')).toBeVisible();
    expect(card).not.toHaveTextContent(/Recibe/);
  });

  it('without the name, by @username; in English', async () => {
    await renderCard(
      <ScheduleCard
        schedule={p2p({ recipientName: '' })}
        busy={false}
        onAction={vi.fn()}
        onEdit={vi.fn()}
      />,
      { language: 'en' },
    );
    expect(await screen.findByRole('article', { name: '@beto_ruiz' })).toBeVisible();
    expect(screen.getByText('$50.00 · @beto_ruiz')).toBeVisible();
    expect(screen.getByText('@beto_ruiz · Pago user')).toBeVisible();
  });
});

describe('a scheduled transfer abroad', () => {
  it('says the country, and what the recipient received', async () => {
    const sent = {
      id: 'run3',
      dueDate: '2026-11-15',
      dueAt: '2026-11-15T14:00:00.000Z',
      status: 'sent' as const,
      failureReason: null,
      transferId: 't2',
      amountCents: cents(20000),
      feeCents: cents(399),
      payoutAmount: '3,650.00',
      payoutCurrency: 'MXN',
      createdAt: '2026-11-15T14:00:01.000Z',
    };
    await renderCard(
      <ScheduleCard
        schedule={schedule({ runs: [sent] })}
        busy={false}
        onAction={vi.fn()}
        onEdit={vi.fn()}
      />,
      { language: 'en' },
    );
    expect(await screen.findByText('Transfer to Mexico')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'See history (1)' }));
    expect(await screen.findByText('Receives 3,650.00 MXN')).toBeVisible();
  });
});

describe('the amount as typed', () => {
  it.each([
    ['200', 200],
    ['150.50', 150.5],
    ['1,000', 1000],
    ['0', null],
    ['12.345', null],
    ['abc', null],
    ['', null],
  ])('%s → %s', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });
});
