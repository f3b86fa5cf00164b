import { Alert, Badge, Button, Flex, Text, TextAreaField, TextField, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { COURT_UNIT_MAX_LENGTH, PROCESS_NOTE_MAX_LENGTH, type AdminProcessRow } from '@domain/api/admin-processes.js';
import { cnjDigits, courtOf, formatCnjNumber } from '@domain/cnj-number.js';
import { saoPauloDay } from '@domain/sao-paulo-calendar.js';
import {
  ADMIN_PROCESS_MESSAGES as M,
  EMAIL_RECEIPT_MESSAGES,
  STATUS_EMAIL_NEWS,
  statusEmailSubject,
} from '@domain/messages.js';
import { PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import {
  assessStatusMove,
  STATUS_CHANGE_UNDO_SECONDS,
  statusMoveProblems,
  type StatusMoveFacts,
  type StatusMoveField,
} from '@domain/status-change.js';
import { AppDialog } from '@/components/app-dialog';
import { ApiRequestError, failureWithReason } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';
import { useChangeProcessStatus } from '@/lib/process-status-change';
import './status-change-dialog.css';

/**
 * The process a status change is about, as any screen that lists it knows it (the process list's row, the case file):
 * its keys, what the dialog names it by, and the guard's facts (domain/status-change.ts).
 */
export type StatusChangeSubject = {
  userId: string;
  contractId: string;
  protocolo: string | null;
  nomeCliente: string | null;
  facts: StatusMoveFacts & {
    process: StatusMoveFacts['process'] & { vara?: string | null; peticionado_em?: string | null };
  };
};

/** What the status dialog needs of an admin process row: the guard reads the contract's latest charge and payment form. */
export function statusChangeSubjectOf(row: AdminProcessRow): StatusChangeSubject {
  return {
    userId: row.user_id,
    contractId: row.contrato_id,
    protocolo: row.protocolo,
    nomeCliente: row.nome_cliente,
    facts: {
      process: row,
      charges: row.cobranca_status ? [{ status: row.cobranca_status }] : [],
      formaPagamento: row.forma_pagamento ?? null,
    },
  };
}

type Draft = Record<StatusMoveField | 'obs' | 'nota_interna', string>;

/**
 * A status change, guarded (docs/decisions.md, Guarded status changes): from → to; what the move skips or undoes, and
 * then its required reason; the court facts of 'Peticionado', 'Baixa Deferida' and 'Baixa Caiu'; the customer's note
 * and an internal one; a preview of the e-mail the customer gets. 'Confirmar' checks with the same domain function the
 * server uses, then counts down a few seconds with 'Desfazer' before anything is sent; the server checks again and its
 * refusals show under their fields. Open while mounted; every way out runs `onClose` once.
 */
export function StatusChangeDialog({
  subject,
  to,
  onClose,
}: {
  subject: StatusChangeSubject;
  to: ProcessStatus;
  onClose: () => void;
}) {
  const today = saoPauloDay(new Date());
  const { facts } = subject;
  const from = facts.process.status;
  const assessment = assessStatusMove(facts, to);
  const [open, setOpen] = useState(true);
  const [draft, setDraft] = useState<Draft>({
    motivo: '',
    numero_cnj: facts.process.numero_cnj ?? '',
    vara: facts.process.vara ?? '',
    peticionado_em: facts.process.peticionado_em ?? today,
    data_decisao: today,
    data_queda: today,
    obs: '',
    nota_interna: '',
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [countdown, setCountdown] = useState<number | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const mutation = useChangeProcessStatus();
  const protocol = subject.protocolo ?? '—';
  const needs = (field: StatusMoveField) => assessment.fields.includes(field);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((all) => ({ ...all, [field]: event.target.value }));
    setErrors(({ [field]: _fixed, ...others }) => others);
  };

  const send = () => {
    const given = (field: keyof Draft, when = true) => (when && draft[field].trim() ? draft[field].trim() : undefined);
    mutation.mutate(
      {
        userId: subject.userId,
        contractId: subject.contractId,
        body: {
          status: to,
          obs: given('obs'),
          nota_interna: given('nota_interna'),
          motivo: given('motivo', needs('motivo')),
          numero_cnj: given('numero_cnj', needs('numero_cnj')),
          vara: given('vara', needs('vara')),
          peticionado_em: given('peticionado_em', needs('peticionado_em')),
          data_decisao: given('data_decisao', needs('data_decisao')),
          data_queda: given('data_queda', needs('data_queda')),
        },
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: M.statusUpdated, variant: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
          const message = failureWithReason(M.statusUpdateFailed, error);
          setProblem(message);
          toastError(message);
        },
      },
    );
  };

  // The countdown: one tick a second; after the last one the change is sent. 'Desfazer' or unmounting sends nothing.
  useEffect(() => {
    if (countdown === null) return;
    const tick = window.setTimeout(() => {
      if (countdown > 1) return setCountdown(countdown - 1);
      setCountdown(null);
      send();
    }, 1000);
    return () => window.clearTimeout(tick);
    // `send` reads the draft, which the fieldset freezes while the countdown runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countdown]);

  useEffect(() => {
    if (countdown === STATUS_CHANGE_UNDO_SECONDS) undoButton.current?.focus();
  }, [countdown]);

  const confirm = () => {
    setProblem(null);
    const found = statusMoveProblems(assessment, { status: to, ...draft }, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setCountdown(STATUS_CHANGE_UNDO_SECONDS);
  };

  const undo = () => {
    setCountdown(null);
    toast({ title: M.statusChangeUndone });
  };

  const scheduled = countdown !== null;
  const digits = cnjDigits(draft.numero_cnj);
  const court = digits ? courtOf(digits) : undefined;

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={mutation.isPending || scheduled}
      className="status-change-dialog"
      title={M.statusChangeTitle}
      description={
        <>
          <Text fontSize="small" color="font.secondary" className="status-change-dialog__process">
            Protocolo <strong>{protocol}</strong>
            {subject.nomeCliente ? ` · ${subject.nomeCliente}` : ''}
          </Text>
          <Flex as="p" margin="0" alignItems="center" gap="xs" wrap="wrap">
            <VisuallyHidden>De </VisuallyHidden>
            <Badge size="small">{PROCESS_STATUS_LABELS[from]}</Badge>
            <span aria-hidden="true">→</span>
            <VisuallyHidden> para </VisuallyHidden>
            <Badge size="small" variation="info">
              {PROCESS_STATUS_LABELS[to]}
            </Badge>
          </Flex>
        </>
      }
      problem={problem}
      confirmLabel={M.statusChangeConfirm}
      confirmLoadingText={scheduled ? M.statusChangeScheduled : M.statusChangeSaving}
      onConfirm={confirm}
    >
      {assessment.refusal ? <Alert variation="error">{assessment.refusal}</Alert> : null}
      {assessment.warnings.length > 0 ? (
        <Alert variation="warning" heading={M.warningsHeading} className="status-change-dialog__warnings">
          <ul>
            {assessment.warnings.map((warning) => (
              <li key={warning.code}>{warning.text}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <fieldset className="status-change-dialog__fields" disabled={scheduled}>
        {needs('numero_cnj') ? (
          <TextField
            label={M.cnjLabel}
            descriptiveText={court ? `${M.cnjHint} · Tribunal: ${court.acronym}` : M.cnjHint}
            inputMode="numeric"
            autoComplete="off"
            value={draft.numero_cnj}
            onChange={set('numero_cnj')}
            // Typed or pasted as 20 digits, shown as the CNJ writes it once the field is left.
            onBlur={() => digits && setDraft((all) => ({ ...all, numero_cnj: formatCnjNumber(digits) }))}
            hasError={Boolean(errors.numero_cnj)}
            errorMessage={errors.numero_cnj}
            isRequired
          />
        ) : null}
        {needs('peticionado_em') ? (
          <DayField
            label={M.filingDateLabel}
            value={draft.peticionado_em}
            max={today}
            error={errors.peticionado_em}
            onChange={set('peticionado_em')}
          />
        ) : null}
        {needs('vara') ? (
          <TextField
            label={M.courtUnitLabel}
            maxLength={COURT_UNIT_MAX_LENGTH}
            value={draft.vara}
            onChange={set('vara')}
            hasError={Boolean(errors.vara)}
            errorMessage={errors.vara}
          />
        ) : null}
        {needs('data_decisao') ? (
          <DayField
            label={M.decisionDateLabel}
            value={draft.data_decisao}
            max={today}
            error={errors.data_decisao}
            onChange={set('data_decisao')}
          />
        ) : null}
        {needs('data_queda') ? (
          <DayField
            label={M.fallDateLabel}
            value={draft.data_queda}
            max={today}
            error={errors.data_queda}
            onChange={set('data_queda')}
          />
        ) : null}
        {needs('motivo') ? (
          <TextAreaField
            label={to === 'baixa_caiu' ? M.fallReasonLabel : M.reasonLabel}
            descriptiveText={M.reasonHint}
            rows={2}
            maxLength={PROCESS_NOTE_MAX_LENGTH}
            value={draft.motivo}
            onChange={set('motivo')}
            hasError={Boolean(errors.motivo)}
            errorMessage={errors.motivo}
            isRequired
          />
        ) : null}
        <TextAreaField
          label={M.noteLabelCustomer}
          descriptiveText={M.noteHint}
          rows={2}
          resize="vertical"
          maxLength={PROCESS_NOTE_MAX_LENGTH}
          value={draft.obs}
          onChange={set('obs')}
          hasError={Boolean(errors.obs)}
          errorMessage={errors.obs}
        />
        <TextAreaField
          label={M.internalNoteLabel}
          descriptiveText={M.internalNoteHint}
          rows={2}
          resize="vertical"
          maxLength={PROCESS_NOTE_MAX_LENGTH}
          value={draft.nota_interna}
          onChange={set('nota_interna')}
          hasError={Boolean(errors.nota_interna)}
          errorMessage={errors.nota_interna}
        />
      </fieldset>
      <EmailPreview protocol={protocol} from={from} to={to} note={draft.obs.trim()} />
      {scheduled ? (
        <Flex
          className="status-change-dialog__undo"
          alignItems="center"
          justifyContent="space-between"
          gap="small"
          wrap="wrap"
        >
          <Text role="status" fontWeight="bold">
            {M.statusChangeScheduledDescription(countdown)}
          </Text>
          <Button ref={undoButton} size="small" onClick={undo}>
            {M.statusChangeUndo}
          </Button>
        </Flex>
      ) : null}
    </AppDialog>
  );
}

function DayField({
  label,
  value,
  max,
  error,
  onChange,
}: {
  label: string;
  value: string;
  max: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <TextField
      label={label}
      type="date"
      max={max}
      value={value}
      onChange={onChange}
      hasError={Boolean(error)}
      errorMessage={error}
      isRequired
    />
  );
}

/** The 'status-update' e-mail as the customer will read it: its subject, news and note (lambdas/live/status-emails). */
function EmailPreview({
  protocol,
  from,
  to,
  note,
}: {
  protocol: string;
  from: ProcessStatus;
  to: ProcessStatus;
  note: string;
}) {
  return (
    <section className="status-change-dialog__preview" aria-labelledby="status-email-preview">
      <Text as="h3" id="status-email-preview" fontSize="small" fontWeight="bold">
        {M.emailPreviewHeading}
      </Text>
      <Text fontSize="small">
        <strong>{M.emailPreviewSubject}:</strong> {statusEmailSubject(protocol, to)}
      </Text>
      <Text fontSize="small">{STATUS_EMAIL_NEWS[to]}</Text>
      <Text fontSize="small" color="font.secondary">
        {EMAIL_RECEIPT_MESSAGES.previousStep}: {PROCESS_STATUS_LABELS[from]} · {EMAIL_RECEIPT_MESSAGES.currentStep}:{' '}
        {PROCESS_STATUS_LABELS[to]}
      </Text>
      {note ? (
        <Text fontSize="small">
          <strong>Observações:</strong> {note}
        </Text>
      ) : null}
    </section>
  );
}
