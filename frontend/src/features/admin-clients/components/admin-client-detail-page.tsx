import { Badge, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { CASE_FILE_MESSAGES as M } from '@domain/case-file.js';
import { chargeStatusLabel, isChargePaid } from '@domain/charge-status.js';
import { contractSaleFacts, paymentMethodLabel } from '@domain/payment-methods.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { formatDocument } from '@domain/documents.js';
import { ADMIN_CLIENT_MESSAGES, CONTRACT_MESSAGES, WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { statusLabel } from '@domain/process-status.js';
import type { AdminClientDetail } from '@domain/schemas/admin-clients.js';
import { ButtonLink, TextLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { useRefundCharge } from '@/lib/charge-refunds';
import { RefundDialog } from '@/components/refund-dialog';
import { useAdminClient } from '../api/admin-clients';
import { CaseFileTimeline } from './case-file-timeline';
import { ClientAvatar } from './client-avatar';
import { ContactActions } from './contact-actions';
import { DeleteClientDialog } from './delete-client-dialog';
import { KitReviewSection } from './kit-review-section';
import { WhatsAppSection } from './whatsapp-section';
import '../admin-clients.css';

/** Where status changes (and, with them, notes) are made: the processes feature's control, given by the route. */
export type ProcessStatusControl = ComponentType<{ row: AdminProcessRow; onChanged: () => void }>;

/**
 * /admin/clientes/{id}, the client's case file (spec 02 §2 Admin: Client detail; docs/decisions.md, "The case file: one
 * page per client, and what it records of e-mails"): who the client is and how to reach them, each contract with its
 * process and charges (one card per protocol), one timeline of everything that happened, the profile, and the deletion
 * last, in a danger zone. `id` is the profile id.
 */
export function AdminClientDetailPage({ statusControl: StatusControl }: { statusControl?: ProcessStatusControl }) {
  const { id = '' } = useParams();
  const client = useAdminClient(id);
  const navigate = useNavigate();

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
  const { profile, timeline } = client.data;
  const documentLabel = profile.tipo_documento === 'cnpj' ? 'CNPJ' : 'CPF';
  return (
    <Flex direction="column" gap="large" className="case-file">
      <TextLink to="/admin/clientes">← Voltar para Clientes</TextLink>
      <Flex alignItems="center" gap="medium">
        <ClientAvatar name={profile.nome_completo} size="large" />
        <PageHeader
          title={ADMIN_CLIENT_MESSAGES.detailTitle}
          detail={profile.nome_completo}
          subtitle={`${documentLabel} ${formatDocument(profile.cpf)} · cliente desde ${formatDate(profile.created_at)}`}
        />
      </Flex>
      <ContactActions profile={profile} />
      {client.data.kit && <KitReviewSection profileId={profile.id} kit={client.data.kit} />}
      <Grid templateColumns={{ base: '1fr', large: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="large" alignItems="start">
        <Flex direction="column" gap="large">
          <Cases detail={client.data} StatusControl={StatusControl} onChanged={() => void client.refetch()} />
          <CaseFileTimeline profileId={profile.id} events={timeline} />
        </Flex>
        <ProfileCard profile={profile} />
      </Grid>
      <WhatsAppSection profileId={profile.id} />
      <DeleteClientDialog
        profileId={profile.id}
        clientName={profile.nome_completo}
        onDeleted={() => void navigate('/admin/clientes', { replace: true })}
      />
    </Flex>
  );
}

/** A contract's charges, the newest first: the first is the sale as it stands (what the status guard reads too). */
const newestFirst = (charges: AdminClientDetail['contracts'][number]['charges']) =>
  [...charges].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** Each contract once, with its process (status, court case) and its charges: a protocol appears once on the page. */
function Cases({
  detail,
  StatusControl,
  onChanged,
}: {
  detail: AdminClientDetail;
  StatusControl: ProcessStatusControl | undefined;
  onChanged: () => void;
}) {
  const refund = useRefundCharge();
  const { profile, contracts, processes } = detail;
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="case-contracts-title">
      <Heading level={2} fontSize="large" id="case-contracts-title">
        {M.casesTitle}
      </Heading>
      {contracts.length === 0 ? <Text color="font.secondary">{M.casesEmpty}</Text> : null}
      {contracts.map((contract) => {
        const process = processes.find((candidate) => candidate.contrato_id === contract.id);
        // The sale's value and method as the customer's contract card shows them: a card or boleto charge is not PIX.
        const sale = contractSaleFacts(contract, newestFirst(contract.charges)[0] ?? null);
        return (
          <Card key={contract.id} variation="outlined" aria-label={`Protocolo ${contract.protocolo}`}>
            <Flex direction="column" gap="small">
              <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
                <Text fontWeight="bold" className="protocol-number">
                  {contract.protocolo}
                </Text>
                <Flex gap="xxs" wrap="wrap">
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
                  {process ? (
                    <Badge size="small" variation="info">
                      {statusLabel(process.status)}
                    </Badge>
                  ) : null}
                </Flex>
              </Flex>
              <Text fontSize="small" color="font.secondary">
                {formatBRL(sale.value)} · {sale.method} · criado em {formatDate(contract.created_at)}
                {contract.assinado_em ? ` · assinado em ${formatDate(contract.assinado_em)}` : ' · não assinado'}
                {contract.parent_contrato_id ? ' · renovação' : ''}
                {process?.previsao ? ` · previsão ${formatDate(process.previsao)}` : ''}
              </Text>
              {process?.numero_cnj ? (
                <Text fontSize="small">
                  Processo {process.numero_cnj}
                  {process.tribunal ? ` · ${process.tribunal}` : ''}
                  {process.vara ? ` · ${process.vara}` : ''}
                </Text>
              ) : null}
              {process ? (
                <Flex direction="column" gap="xxs" className="case-status-slot">
                  <Text fontSize="small" color="font.secondary">
                    {M.processStatus} · {M.statusSlot}
                  </Text>
                  {StatusControl ? (
                    <StatusControl
                      row={{
                        ...process,
                        user_id: profile.user_id,
                        profile_id: profile.id,
                        protocolo: contract.protocolo,
                        nome_cliente: profile.nome_completo,
                        email_cliente: profile.email,
                        // What the status guard reads, as a process row carries it: the contract's latest charge and
                        // its form of payment (the server checks the same facts).
                        cobranca_status: newestFirst(contract.charges)[0]?.status ?? null,
                        forma_pagamento: contract.forma_pagamento ?? null,
                      }}
                      onChanged={onChanged}
                    />
                  ) : null}
                </Flex>
              ) : null}
              <Heading level={3} fontSize="small">
                {M.charges}
              </Heading>
              {contract.charges.length === 0 ? (
                <Text fontSize="small" color="font.secondary">
                  {M.noCharges}
                </Text>
              ) : (
                <ul className="admin-client-sublist case-charges">
                  {contract.charges.map((charge) => (
                    <li key={charge.id}>
                      <Badge size="small">{chargeStatusLabel(charge.status)}</Badge>
                      <Text as="span" fontSize="small">
                        {formatBRL(charge.valor ?? contract.valor)}
                        {charge.paid_at
                          ? ` · ${paymentMethodLabel(charge)} · pago em ${formatDateTime(charge.paid_at)}`
                          : ` · criada em ${formatDateTime(charge.created_at)}`}
                      </Text>
                      {charge.asaas_id ? (
                        <Text as="span" fontSize="small" color="font.secondary">
                          Asaas{' '}
                          {charge.link ? (
                            <a href={charge.link} target="_blank" rel="noreferrer">
                              {charge.asaas_id}
                            </a>
                          ) : (
                            charge.asaas_id
                          )}
                        </Text>
                      ) : null}
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
        );
      })}
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
    <Card as="section" variation="outlined" aria-labelledby="case-profile-title">
      <Heading level={2} fontSize="large" marginBottom="small" id="case-profile-title">
        {M.profileTitle}
      </Heading>
      <Grid as="dl" templateColumns="1fr" gap="small" className="admin-client-fields">
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
