import { Badge, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useNavigate, useParams } from 'react-router';
import { chargeStatusLabel, isChargePaid } from '@domain/charge-status.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { formatDocument } from '@domain/documents.js';
import { ADMIN_CLIENT_MESSAGES, CONTRACT_MESSAGES, WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { statusLabel } from '@domain/process-status.js';
import type { AdminClientDetail } from '@domain/schemas/admin-clients.js';
import type { AuditEntry } from '@domain/schemas/audit.js';
import { ButtonLink, TextLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { useRefundCharge } from '@/lib/charge-refunds';
import { RefundDialog } from '@/components/refund-dialog';
import { useAdminClient } from '../api/admin-clients';
import { ClientAvatar } from './client-avatar';
import { DeleteClientDialog } from './delete-client-dialog';
import { KitReviewSection } from './kit-review-section';
import '../admin-clients.css';

/** /admin/clientes/{id} (spec 02 §2 Admin: Client detail); `id` is the profile id. */
export function AdminClientDetailPage() {
  const { id = '' } = useParams();
  const client = useAdminClient(id);
  const navigate = useNavigate();
  const refund = useRefundCharge();

  if (client.isPending) return <PageLoader label="Carregando dados do cliente..." />;
  if (client.isError) {
    const notFound = client.error instanceof ApiRequestError && client.error.status === 404;
    return (
      <Flex direction="column" gap="large">
        <PageHeader title={ADMIN_CLIENT_MESSAGES.detailTitle} />
        {notFound ? (
          <Card variation="outlined">
            <Flex direction="column" gap="small" alignItems="flex-start">
              <Heading level={2} fontSize="large">
                {ADMIN_CLIENT_MESSAGES.clientNotFound}
              </Heading>
              <ButtonLink to="/admin/clientes" size="small">
                Voltar para Clientes
              </ButtonLink>
            </Flex>
          </Card>
        ) : (
          <LoadError message={ADMIN_CLIENT_MESSAGES.loadClientFailed} onRetry={() => void client.refetch()} />
        )}
      </Flex>
    );
  }
  const { profile, contracts, processes, audit } = client.data;
  return (
    <Flex direction="column" gap="large">
      <TextLink to="/admin/clientes">← Voltar para Clientes</TextLink>
      <Flex justifyContent="space-between" alignItems="flex-start" gap="medium" wrap="wrap">
        <Flex alignItems="center" gap="medium">
          <ClientAvatar name={profile.nome_completo} size="large" />
          <PageHeader title={ADMIN_CLIENT_MESSAGES.detailTitle} subtitle={profile.nome_completo} />
        </Flex>
        <DeleteClientDialog
          profileId={profile.id}
          clientName={profile.nome_completo}
          onDeleted={() => void navigate('/admin/clientes', { replace: true })}
        />
      </Flex>
      <ProfileCard profile={profile} />
      {client.data.kit && <KitReviewSection profileId={profile.id} kit={client.data.kit} />}
      <Section title="Contratos" empty="Nenhum contrato." count={contracts.length}>
        {contracts.map((contract) => (
          <Card key={contract.id} variation="outlined">
            <Flex direction="column" gap="small">
              <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
                <Text fontWeight="bold" className="protocol-number">
                  {contract.protocolo}
                </Text>
                <Badge
                  size="small"
                  variation={contract.cancelado_em ? 'error' : contract.assinado_em ? 'success' : 'warning'}
                >
                  {contract.cancelado_em
                    ? WITHDRAWAL_MESSAGES.cancelledBadge
                    : contract.assinado_em
                      ? CONTRACT_MESSAGES.activeBadge
                      : CONTRACT_MESSAGES.pendingBadge}
                </Badge>
              </Flex>
              <Text fontSize="small" color="font.secondary">
                {formatBRL(contract.valor)} · {paymentMethod(contract.forma_pagamento)} · criado em{' '}
                {formatDate(contract.created_at)}
                {contract.assinado_em ? ` · assinado em ${formatDate(contract.assinado_em)}` : ' · não assinado'}
                {contract.parent_contrato_id ? ' · renovação' : ''}
              </Text>
              <Heading level={4} fontSize="small">
                Cobranças
              </Heading>
              {contract.charges.length === 0 ? (
                <Text fontSize="small" color="font.secondary">
                  Nenhuma cobrança.
                </Text>
              ) : (
                <ul className="admin-client-sublist">
                  {contract.charges.map((charge) => (
                    <li key={charge.id}>
                      <Badge size="small">{chargeStatusLabel(charge.status)}</Badge>
                      <Text as="span" fontSize="small" color="font.secondary">
                        criada em {formatDateTime(charge.created_at)} · atualizada em{' '}
                        {formatDateTime(charge.updated_at)}
                      </Text>
                      {isChargePaid(charge.status) ? (
                        <RefundDialog
                          label={`Estornar ${contract.protocolo}`}
                          description={`O pagamento do protocolo ${contract.protocolo} será estornado pelo Asaas; o contrato será cancelado e o processo, encerrado.`}
                          refund={(motivo) =>
                            refund.mutateAsync({
                              ref: { userId: profile.user_id, contractId: contract.id, chargeId: charge.id },
                              motivo,
                            })
                          }
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </Flex>
          </Card>
        ))}
      </Section>
      <Section title="Processos" empty="Nenhum processo." count={processes.length}>
        {processes.map((process) => (
          <Card key={process.id} variation="outlined">
            <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
              <Flex direction="column" gap="xxxs">
                <Text fontWeight="bold" className="protocol-number">
                  {process.protocolo}
                </Text>
                <Text fontSize="small" color="font.secondary">
                  {process.previsao ? `Previsão: ${formatDate(process.previsao)} · ` : ''}atualizado em{' '}
                  {formatDateTime(process.updated_at)}
                </Text>
              </Flex>
              <Badge size="small" variation="info">
                {statusLabel(process.status)}
              </Badge>
            </Flex>
          </Card>
        ))}
      </Section>
      <Section title="Histórico administrativo" empty="Nenhuma ação administrativa registrada." count={audit.length}>
        <ol className="admin-client-sublist">
          {audit.map((entry) => (
            <li key={entry.id}>
              <Text as="span" fontSize="small">
                <strong>{AUDIT_LABELS[entry.action]}</strong> {auditChange(entry)}
              </Text>
              <Text as="span" fontSize="small" color="font.secondary">
                {entry.actor.email} · {formatDateTime(entry.at)}
              </Text>
            </li>
          ))}
        </ol>
      </Section>
    </Flex>
  );
}

/** 'pix' is shown as the method's name; a free renewal says so (spec 02 §9: 'gratuito'). */
const paymentMethod = (method: string) => (method === 'pix' ? 'PIX' : method === 'gratuito' ? 'Gratuito' : method);

const AUDIT_LABELS: Record<AuditEntry['action'], string> = {
  'process-status': 'Status do processo',
  'charge-mark-paid': 'Cobrança marcada como paga',
  'charge-verify': 'Pagamento verificado',
  'client-delete': 'Cliente excluído',
  'charge-refund': 'Pagamento estornado',
  'charge-manual-refund': 'Estorno manual registrado',
  'contract-withdrawal': 'Contrato cancelado pelo cliente',
  'kit-review': 'Documento analisado',
};

function auditChange(entry: AuditEntry): string {
  const before = entry.before?.status;
  const after = entry.after?.status;
  // A status change's note ('Observação'), as the history record keeps it.
  const note = typeof entry.after?.obs === 'string' && entry.after.obs ? ` · Observação: ${entry.after.obs}` : '';
  if (typeof before === 'string' && typeof after === 'string') {
    const label = entry.target.type === 'charge' ? chargeStatusLabel : statusLabel;
    return `${label(before)} → ${label(after)}${note}`;
  }
  return '';
}

function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <Flex as="section" direction="column" gap="small" aria-label={title}>
      <Heading level={2} fontSize="large">
        {title}
      </Heading>
      {count === 0 ? <Text color="font.secondary">{empty}</Text> : children}
    </Flex>
  );
}

function ProfileCard({ profile }: { profile: AdminClientDetail['profile'] }) {
  const fields: [string, string][] = [
    ['Nome', profile.nome_completo],
    [profile.tipo_documento === 'cnpj' ? 'CNPJ' : 'CPF', formatDocument(profile.cpf)],
    ['E-mail', profile.email],
    ['WhatsApp', profile.whatsapp],
    [
      'Endereço',
      `${profile.endereco}, ${profile.numero}${profile.complemento ? ` - ${profile.complemento}` : ''} - ${profile.bairro}`,
    ],
    ['Cidade', `${profile.cidade}/${profile.estado} · CEP ${profile.cep}`],
    ['Código de indicação', profile.referral_code],
    ['Renovações gratuitas', String(profile.free_renewals)],
    ['Cadastro', formatDate(profile.created_at)],
  ];
  return (
    <Card variation="outlined">
      <Heading level={2} fontSize="large" marginBottom="small">
        Perfil
      </Heading>
      <Grid as="dl" templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="small" className="admin-client-fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Grid>
    </Card>
  );
}
