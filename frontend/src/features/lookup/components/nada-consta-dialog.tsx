import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LookupEntry } from '@domain/lookup.js';
import { NADA_CONSTA_MESSAGES } from '@domain/messages.js';
import { NADA_CONSTA_CHECK_MAX, NADA_CONSTA_CHECK_MIN, type NadaConstaIssued } from '@domain/nada-consta.js';
import type { ToastInput } from '@/lib/toast';

type Issue = (body: {
  protocolo: string;
  email: string;
  a: number;
  b: number;
  answer: number;
}) => Promise<NadaConstaIssued>;

type Props = {
  /** The process to issue for; null closes the dialog. */
  entry: LookupEntry | null;
  onClose: () => void;
  issue: Issue;
  toast: (input: ToastInput) => number;
};

const randomCheckNumber = () =>
  NADA_CONSTA_CHECK_MIN + Math.floor(Math.random() * (NADA_CONSTA_CHECK_MAX - NADA_CONSTA_CHECK_MIN + 1));

/**
 * Spec 01 §2/§5 'Baixar Nada Consta': the e-mail on file and a sum of two numbers from 1 to 8; confirm stays disabled
 * until both hold. The server decides (issues only for a granted removal and the e-mail on file); on success the PDF
 * opens and a link stays in the dialog in case the browser blocked the new tab.
 */
export function NadaConstaDialog({ entry, onClose, issue, toast }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const emailId = useId();
  const answerId = useId();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState('');
  const [check, setCheck] = useState({ a: 1, b: 1 });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [issued, setIssued] = useState<NadaConstaIssued | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (entry && !element.open) {
      setEmail('');
      setAnswer('');
      setFailure(null);
      setIssued(null);
      setCheck({ a: randomCheckNumber(), b: randomCheckNumber() });
      element.showModal();
    } else if (!entry && element.open) element.close();
  }, [entry]);

  const solved = answer.trim() !== '' && Number(answer) === check.a + check.b;
  const ready = email.trim() !== '' && solved && !busy;

  /** Every way out (Fechar, Cancelar, Esc) closes the element; its one close event tells the page. */
  const close = () => dialog.current?.close();
  const closed = () => {
    if (issued) {
      toast({
        title: NADA_CONSTA_MESSAGES.issuedTitle,
        description: NADA_CONSTA_MESSAGES.issuedDescription,
        variant: 'success',
      });
    }
    onClose();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!entry || !ready) return;
    setBusy(true);
    setFailure(null);
    try {
      const issued = await issue({
        protocolo: entry.protocolo,
        email: email.trim(),
        a: check.a,
        b: check.b,
        answer: Number(answer),
      });
      if (!issued.success || !issued.pdf_url) throw Object.assign(new Error(issued.error ?? ''), { status: 422 });
      // Said inside the dialog now; the toast follows when it closes (a modal dialog covers any toast).
      setIssued(issued);
      window.open(issued.pdf_url, '_blank', 'noopener');
    } catch (error) {
      const failed = error as { status?: number; message?: string };
      setFailure(
        failed.status
          ? { title: NADA_CONSTA_MESSAGES.failureTitle, message: failed.message || NADA_CONSTA_MESSAGES.failed }
          : { title: NADA_CONSTA_MESSAGES.connectionError, message: NADA_CONSTA_MESSAGES.failed },
      );
      // A new question after a failure, as on the sign-in form.
      setCheck({ a: randomCheckNumber(), b: randomCheckNumber() });
      setAnswer('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="nada-consta-dialog" aria-labelledby={titleId} onClose={closed}>
      <form method="dialog" className="nada-consta-dialog__form" onSubmit={submit} noValidate>
        <header className="nada-consta-dialog__header">
          <h2 id={titleId}>{NADA_CONSTA_MESSAGES.dialogTitle}</h2>
          <button type="button" className="nada-consta-dialog__close" aria-label="Fechar" onClick={close}>
            ×
          </button>
        </header>
        {entry && (
          <p className="nada-consta-dialog__protocol">
            Protocolo <strong>{entry.protocolo_completo}</strong>
          </p>
        )}
        {issued?.pdf_url ? (
          <div className="nada-consta-dialog__done" role="status">
            <p>
              <strong>{NADA_CONSTA_MESSAGES.issuedTitle}</strong>. {NADA_CONSTA_MESSAGES.issuedDescription}
            </p>
            <a className="btn btn--accent btn--block" href={issued.pdf_url} target="_blank" rel="noopener noreferrer">
              Abrir Nada Consta (PDF)
            </a>
            <p className="nada-consta-dialog__note">O link de download vale por 5 minutos.</p>
            {issued.url_verificacao && (
              <p className="nada-consta-dialog__note">
                Código de verificação <strong>{issued.codigo_verificacao}</strong>:{' '}
                <a href={issued.url_verificacao}>conferir autenticidade</a>
              </p>
            )}
          </div>
        ) : (
          <>
            <p className="nada-consta-dialog__lead">
              Para sua segurança, informe o e-mail cadastrado no processo. O comprovante também será enviado para ele.
            </p>
            <label htmlFor={emailId} className="nada-consta-dialog__label">
              E-mail cadastrado
            </label>
            <input
              id={emailId}
              className="lookup__input"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <label htmlFor={answerId} className="nada-consta-dialog__label">
              Verificação de segurança: quanto é {check.a} + {check.b}?
            </label>
            <input
              id={answerId}
              className="lookup__input nada-consta-dialog__answer"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              required
              value={answer}
              onChange={(event) => setAnswer(event.target.value.replace(/\D/g, ''))}
            />
            {failure && (
              <div className="nada-consta-dialog__error" role="alert">
                <strong>{failure.title}</strong>
                <p>{failure.message}</p>
              </div>
            )}
            <div className="nada-consta-dialog__actions">
              <button type="button" className="btn btn--outline" onClick={close}>
                Cancelar
              </button>
              <button type="submit" className="btn btn--primary" disabled={!ready}>
                {busy ? 'Emitindo…' : 'Emitir Nada Consta'}
              </button>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}
