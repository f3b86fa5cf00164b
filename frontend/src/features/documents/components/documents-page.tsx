import { useId, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import type { KitView } from '@domain/api/filing-kit.js';
import { formatDate } from '@domain/dates.js';
import { formatDocument } from '@domain/documents.js';
import {
  KIT_MESSAGES,
  KIT_SIGNING_METHOD_LABELS,
  KIT_UPLOAD_ACCEPT,
  type KitItemKey,
  type KitItemState,
  type KitSigningMethod,
} from '@domain/filing-kit.js';
import { DASHBOARD_MESSAGES } from '@domain/messages.js';
import { ButtonLink } from '@/components/links';
import { SigningGuide } from './signing-guide';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { toast, toastApiError } from '@/lib/toast';
import { useDownloadKitFile, useKit, useUploadKitFile, type UploadProgress } from '../api/kit';
import '../kit.css';

const BADGE_VARIATION: Record<KitItemState, 'info' | 'warning' | 'success' | 'error' | undefined> = {
  pendente: undefined,
  enviado: 'info',
  em_analise: 'info',
  aprovado: 'success',
  recusado: 'error',
};

/** How each way of signing works, in plain Portuguese, naming the document being signed ('a procuração'). */
const SIGNING_HELP: Record<KitSigningMethod, (document: string) => string> = {
  govbr: (document) =>
    `Gratuito e aceito pelos tribunais: baixe ${document}, assine no site de assinatura do gov.br (assinatura avançada) e envie o PDF assinado que ele gera.`,
  a_mao: () =>
    'Imprima, assine à mão como no seu documento, e envie uma foto nítida ou o PDF escaneado da folha assinada.',
};

/** The generated document an item signs, as the help names it. */
const SIGNED_DOCUMENT: Partial<Record<KitItemKey, string>> = {
  procuracao: 'a procuração',
  declaracao_hipossuficiencia: 'a declaração',
};

/** /app/documentos: the filing kit's checklist, each item's state, its upload with progress, and how to fix a refusal. */
export function DocumentsPage() {
  const kit = useKit();
  return (
    <Flex direction="column" gap="large">
      <PageHeader title={KIT_MESSAGES.pageTitle} subtitle={KIT_MESSAGES.intro} />
      {kit.isPending ? (
        <PageLoader label="Carregando seus documentos..." />
      ) : kit.isError ? (
        <LoadError message={DASHBOARD_MESSAGES.loadFailed} onRetry={() => void kit.refetch()} />
      ) : (
        <KitContent kit={kit.data} />
      )}
    </Flex>
  );
}

function KitContent({ kit }: { kit: KitView }) {
  const [progress, setProgress] = useState<Partial<Record<KitItemKey, UploadProgress>>>({});
  const upload = useUploadKitFile((key, value) =>
    setProgress((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    }),
  );
  if (kit.availability === 'not_paid') {
    return (
      <Card variation="outlined">
        <Flex direction="column" gap="small" alignItems="flex-start">
          <Text>{KIT_MESSAGES.notOpenYet}</Text>
          <ButtonLink to="/app/pagamento" variation="primary">
            {KIT_MESSAGES.notOpenYetAction}
          </ButtonLink>
        </Flex>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="medium">
      {kit.availability === 'closed' && <Alert variation="info">{KIT_MESSAGES.closed}</Alert>}
      {kit.complete ? (
        <Alert variation="success" heading="Documentos aprovados">
          {KIT_MESSAGES.complete}
        </Alert>
      ) : (
        <div className="kit-progress">
          <Text fontWeight="bold">{KIT_MESSAGES.progress(kit.approvedCount, kit.requiredCount)}</Text>
          <progress max={kit.requiredCount} value={kit.approvedCount} aria-hidden="true" />
        </div>
      )}
      {kit.availability === 'open' && kit.documentType && <SigningGuide documentType={kit.documentType} />}
      <ul className="kit-list" aria-label="Documentos pedidos">
        {kit.items.map((item) => (
          <li key={item.key}>
            <KitItemCard
              item={item}
              open={kit.availability === 'open'}
              progress={progress[item.key] ?? null}
              busy={upload.isPending}
              onFile={(file, signing) =>
                upload.mutate(
                  { item: item.key, file, signing },
                  {
                    onSuccess: () => toast({ title: KIT_MESSAGES.uploaded, variant: 'success' }),
                    onError: (error) => toastApiError(error, KIT_MESSAGES.corrupt, 'Arquivo não enviado'),
                  },
                )
              }
            />
          </li>
        ))}
      </ul>
    </Flex>
  );
}

type KitItemView = KitView['items'][number];

function KitItemCard({
  item,
  open,
  progress,
  busy,
  onFile,
}: {
  item: KitItemView;
  open: boolean;
  progress: UploadProgress | null;
  busy: boolean;
  onFile: (file: File, signing?: KitSigningMethod) => void;
}) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [signing, setSigning] = useState<KitSigningMethod>('govbr');
  const signed = item.signature === 'signed_document';
  const canSend = open && item.state !== 'aprovado' && item.files.length < item.maxFiles;
  const action =
    item.state === 'recusado'
      ? KIT_MESSAGES.resend
      : item.files.length > 0 && !signed
        ? KIT_MESSAGES.uploadMore
        : KIT_MESSAGES.upload;
  return (
    <Card variation="outlined" className="kit-item" data-state={item.state} aria-labelledby={titleId}>
      <Flex direction="column" gap="xs">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
          <Heading level={2} fontSize="medium" id={titleId}>
            {item.title}
          </Heading>
          <Badge variation={BADGE_VARIATION[item.state]} className="kit-item__badge">
            {item.label}
          </Badge>
        </Flex>
        <Text color="font.secondary" fontSize="small">
          {item.guidance}
        </Text>
        {item.state === 'recusado' && item.fix && (
          <Alert variation="error" heading={`${KIT_MESSAGES.howToFix}:`}>
            {item.fix}
          </Alert>
        )}
        {item.files.length > 0 && (
          <Text fontSize="small" color="font.secondary">
            {KIT_MESSAGES.filesOf}: {item.files.length}
            {item.sent_at ? ` · último envio em ${formatDate(item.sent_at)}` : ''}
            {item.signing ? ` · ${KIT_SIGNING_METHOD_LABELS[item.signing.method]}` : ''}
          </Text>
        )}
        {item.signing?.method === 'govbr' && item.signing.signer_name && item.signing.signer_cpf && (
          <Text fontSize="small">
            {KIT_MESSAGES.signatureChecked(item.signing.signer_name, formatDocument(item.signing.signer_cpf))}
          </Text>
        )}
        {item.files.length > 0 && <KitItemDownloads item={item} />}
        {canSend && signed && (
          <RadioGroupField
            legend="Como você assinou?"
            name={`assinatura-${item.key}`}
            value={signing}
            onChange={(event) => setSigning(event.target.value as KitSigningMethod)}
            size="small"
          >
            {(['govbr', 'a_mao'] as const).map((method) => (
              <Radio key={method} value={method}>
                <strong>{KIT_SIGNING_METHOD_LABELS[method]}</strong>
                {method === 'govbr' ? ' (recomendado)' : ''}
                <span className="kit-item__help">
                  {SIGNING_HELP[method](SIGNED_DOCUMENT[item.key] ?? 'o documento')}
                </span>
              </Radio>
            ))}
          </RadioGroupField>
        )}
        {progress ? (
          <div className="kit-upload" role="status">
            <Text fontSize="small">
              {progress.phase === 'uploading'
                ? `${KIT_MESSAGES.uploading} ${progress.percent}%`
                : KIT_MESSAGES.checking}
            </Text>
            <progress
              max={100}
              value={progress.phase === 'uploading' ? progress.percent : undefined}
              aria-label={progress.phase === 'uploading' ? KIT_MESSAGES.uploading : KIT_MESSAGES.checking}
            />
          </div>
        ) : (
          canSend && (
            <div>
              <input
                ref={input}
                type="file"
                accept={KIT_UPLOAD_ACCEPT}
                className="kit-item__input"
                id={`arquivo-${item.key}`}
                aria-describedby={titleId}
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) onFile(file, signed ? signing : undefined);
                }}
              />
              <label
                htmlFor={`arquivo-${item.key}`}
                className="amplify-button amplify-button--primary kit-item__button"
                data-disabled={busy || undefined}
              >
                {action}
                <span className="kit-item__sr"> — {item.title}</span>
              </label>
            </div>
          )
        )}
      </Flex>
    </Card>
  );
}

/** The customer's own copies: the item's PDF (what the lawyer files) and each original sent. */
function KitItemDownloads({ item }: { item: KitItemView }) {
  const download = useDownloadKitFile();
  const get = (file?: string) =>
    download.mutate(
      { item: item.key, file },
      { onError: (error) => toastApiError(error, KIT_MESSAGES.downloadFailed) },
    );
  return (
    <Flex gap="xs" wrap="wrap" alignItems="center" className="kit-item__downloads">
      <Button size="small" onClick={() => get()} isDisabled={download.isPending}>
        {KIT_MESSAGES.downloadPdf}
        <span className="kit-item__sr"> — {item.title}</span>
      </Button>
      {item.files.map((file, index) => (
        <Button
          key={file.id}
          size="small"
          variation="link"
          onClick={() => get(file.id)}
          isDisabled={download.isPending}
        >
          {KIT_MESSAGES.downloadOriginal(index + 1)}
          <span className="kit-item__sr"> — {item.title}</span>
        </Button>
      ))}
    </Flex>
  );
}
