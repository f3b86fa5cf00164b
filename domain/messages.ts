/**
 * Every user-visible text the spec fixes, word for word, in one home.
 * Server errors and screens import these; never retype a spec message elsewhere.
 */
import { CONTRACT_PRICE, formatBRL } from './pricing.js';
import { PROCESSING_BUSINESS_DAYS } from './deadlines.js';
import { type PaymentMethod, refundReturnClause, refundRoute } from './payment-methods.js';
import { statusLabel, type ProcessStatus } from './process-status.js';

export const ERROR_TITLE = 'Erro';

export const AUTH_MESSAGES = {
  subtitle: 'Baixa temporária de apontamentos',
  requiredFields: 'Por favor, preencha todos os campos.',
  solveCheck: 'Por favor, resolva a verificação de segurança.',
  passwordsDontMatch: 'As senhas não coincidem.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
  invalidCredentials: 'Email ou senha incorretos.',
  alreadyRegistered: 'Este email já está cadastrado. Faça login.',
  emailNotConfirmed: 'Verifique seu email e clique no link de confirmação.',
  otherError: 'Ocorreu um erro. Tente novamente.',
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',
  signUpSuccessTitle: 'Cadastro realizado!',
  signUpSuccessDescription: 'Verifique seu email para confirmar o cadastro.',
  recoveryEmailSent: 'Email enviado',
  recoveryEmailFailed: 'Não foi possível enviar o email de recuperação.',
  magicLinkSent: 'Link enviado!',
  magicLinkFailed: 'Não foi possível enviar o link mágico.',
  passwordUpdated: 'Senha atualizada',
  passwordUpdateFailed: 'Não foi possível atualizar a senha.',
  recoveryEvent: 'Recuperação de senha',
  magicLinkEmailTitle: 'Informe seu email',
  magicLinkEmailDescription: 'Digite seu email para receber o link mágico.',
  magicLinkCheckTitle: 'Verificação de segurança',
  magicLinkCheckDescription: 'Por favor, complete a verificação de segurança primeiro.',
  recoveryEmailTitle: 'Informe seu email',
  recoveryEmailDescription: 'Digite seu email para receber o link de recuperação.',
  newPasswordInvalidTitle: 'Senha inválida',
  newPasswordInvalidDescription: 'A nova senha deve ter pelo menos 6 caracteres.',
  newPasswordMismatchTitle: 'Senhas diferentes',
  emailConfirmedTitle: 'Email confirmado',
  emailConfirmedDescription: 'Seu cadastro foi confirmado. Faça login para continuar.',
  confirmationFailed: 'Não foi possível confirmar o cadastro. O link pode ter expirado.',
  // Not in the spec; same tone (see docs/decisions.md, magic link).
  magicLinkTooSoon: 'Aguarde um minuto antes de pedir um novo link.',
  // Only seen inside Cognito's error: the SPA answers it like a sent e-mail (see docs/decisions.md).
  recoveryTooSoon: 'Aguarde um minuto antes de pedir um novo email de recuperação.',
  magicLinkInvalid: 'Este link é inválido, já foi usado ou expirou. Peça um novo link.',
  // Not in the spec; frontend texts around recovery and the magic link, same tone.
  recoveryEmailSentDescription: 'Se houver uma conta com este email, você receberá um link para criar uma nova senha.',
  magicLinkSentDescription:
    'Se houver uma conta com este email, o link chegará em instantes. Ele pode ser aberto em qualquer navegador.',
  recoveryEventDescription: 'Digite sua nova senha.',
  passwordUpdatedDescription: 'Faça login com sua nova senha.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  recoveryLinkInvalid: 'Este link de recuperação é inválido ou expirou. Peça um novo link.',
  newPasswordRejected: 'A nova senha não foi aceita. Escolha outra senha.',
  // Not in the spec: the screen after sign-up, in place of a toast that vanished.
  checkEmailTitle: 'Confira seu e-mail',
  checkEmailSentTo: 'Enviamos um link de confirmação para',
  checkEmailHowTo:
    'Abra o e-mail e toque em “Confirmar cadastro” para ativar sua conta. Se ele não chegar em alguns minutos, confira a caixa de spam ou peça outro.',
  resendEmail: 'Reenviar e-mail',
  resendingEmail: 'Reenviando...',
  emailResent: 'E-mail reenviado. Confira sua caixa de entrada.',
  resendFailed: 'Não foi possível reenviar o e-mail. Tente novamente.',
  alreadyConfirmed: 'Este cadastro já foi confirmado. Faça login.',
  wrongEmail: 'E-mail errado? Corrigir endereço',
  confirmedGoToLogin: 'Já confirmei, fazer login',
} as const;

/**
 * The admins' second factor (TOTP, docs/decisions.md "Admin second factor"): not in the spec, same tone. Customers
 * never see these.
 */
export const SECOND_FACTOR_MESSAGES = {
  codeLabel: 'Código do autenticador',
  codeHint: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
  confirmCode: 'Confirmar código',
  confirmingCode: 'Confirmando...',
  codeRequired: 'Digite o código de 6 dígitos.',
  codeInvalid: 'Código inválido. Confira o horário do seu celular e tente novamente.',
  challengeExpired: 'O tempo para digitar o código acabou. Entre novamente.',
  backToLogin: 'Voltar ao login',
  setupTitle: 'Verificação em duas etapas',
  setupDescription:
    'A área administrativa exige um segundo fator. Ative a verificação em duas etapas com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator ou Authy).',
  setupScan: '1. Escaneie o QR code no aplicativo autenticador',
  setupManual: 'Ou digite esta chave no aplicativo:',
  setupCopyKey: 'Copiar chave',
  setupKeyCopied: 'Chave copiada',
  setupKeyCopyFailed: 'Não foi possível copiar. Selecione a chave e copie manualmente.',
  setupEnterCode: '2. Digite o código de 6 dígitos gerado pelo aplicativo',
  setupSubmit: 'Ativar verificação',
  setupSubmitting: 'Ativando...',
  setupLater: 'Voltar ao painel',
  setupLoadFailed: 'Não foi possível iniciar a ativação. Tente novamente.',
  setupDoneTitle: 'Verificação em duas etapas ativada',
  setupDoneDescription: 'Entre novamente com sua senha e o código do aplicativo.',
  qrAlt: 'QR code para configurar o aplicativo autenticador',
  required: 'Ative a verificação em duas etapas para acessar a área administrativa.',
} as const;

export const SHELL_MESSAGES = {
  logoutSuccess: 'Logout realizado',
  logoutFailed: 'Erro ao fazer logout. Tente novamente.',
  offline: 'Sem conexão com a internet',
  backendUnreachable: 'Problemas de conectividade detectados',
  reconnect: 'Reconectar',
  accessDenied: 'Acesso Negado - Você não tem permissão para acessar esta área.',
  renderErrorTitle: 'Algo deu errado',
  renderErrorDescription:
    'Ocorreu um erro inesperado. Tente recarregar a página ou entre em contato com o suporte se o problema persistir.',
  technicalDetails: 'Detalhes técnicos',
  tryAgain: 'Tentar novamente',
  reloadPage: 'Recarregar página',
  notFound: '404 Oops! Page not found',
  returnHome: 'Return to Home',
  // Not in the spec: the guard could not read the session for a reason other than it being invalid.
  sessionCheckFailedTitle: 'Não foi possível verificar sua sessão',
  sessionCheckFailed: 'Verifique sua conexão com a internet e tente novamente.',
} as const;

export const DASHBOARD_MESSAGES = {
  /** The page's name in the menu, its heading and the tab: 'Painel', as 'Voltar ao painel' and the e-mails say it. */
  title: 'Painel',
  profileLoadFailed: 'Erro ao carregar perfil. Tente recarregar a página.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  loadFailed: 'Erro ao carregar dados. Tente recarregar a página.',
  temporaryWarning:
    'A baixa é temporária: pode cair a qualquer momento e não há garantia de prazo de duração nem de refazê-la.',
  statusUpdated: 'Status atualizado!',
} as const;

/** Public lookup (spec 01 §5, §8). */
export const LOOKUP_MESSAGES = {
  requiredTitle: 'Campo obrigatório',
  requiredDescription: 'Digite o CPF, CNPJ ou protocolo para consultar',
  notFoundTitle: 'Processo não encontrado',
  notFoundDescription: 'Não foi possível encontrar um processo com os dados informados.',
  notFoundHint: 'Verifique se digitou corretamente o CPF, CNPJ ou protocolo.',
  failureTitle: 'Erro na consulta',
  failureDescription: 'Ocorreu um erro ao consultar o processo. Tente novamente.',
  nadaConstaUnavailable: 'Disponível somente quando a baixa estiver deferida',
} as const;

/** Profile (spec 02 §2, §5, §8). */
export const PROFILE_MESSAGES = {
  title: 'Meu Perfil',
  subtitle: 'Complete seus dados pessoais para continuar com o processo.',
  /** Once the profile exists there is nothing to complete: what the page is for from then on. */
  subtitleSaved:
    'Mantenha seus dados atualizados: são os que usamos no contrato, nos documentos e para falar com você.',
  saveFirst: 'Salvar Perfil',
  saveAgain: 'Atualizar Perfil',
  saving: 'Salvando...',
  // Not in the spec (docs/decisions.md, "Errors where the eye is"): the summary a long form shows above its fields when
  // a save is refused.
  errorSummaryTitle: 'Confira os campos abaixo antes de salvar',
  documentTypeRequired: 'Selecione o tipo de documento',
  nameTooShort: 'Nome deve ter pelo menos 3 caracteres',
  invalidEmail: 'Email inválido',
  invalidWhatsapp: 'WhatsApp inválido',
  documentRequired: 'Documento obrigatório',
  invalidDocument: 'Documento inválido',
  invalidCep: 'CEP inválido',
  streetRequired: 'Endereço obrigatório',
  numberRequired: 'Número obrigatório',
  neighbourhoodRequired: 'Bairro obrigatório',
  cityRequired: 'Cidade obrigatória',
  stateRequired: 'Estado obrigatório',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  loadFailed: 'Erro ao carregar perfil.',
  saveFailed: 'Erro ao salvar perfil. Tente novamente.',
  duplicateDocument: 'Este CPF já está cadastrado.',
  // Not in the spec, which says 'CPF' for both: a company must read its own document's name.
  duplicateCnpj: 'Este CNPJ já está cadastrado.',
  // A deleted customer's still-open tab (its id token lives up to an hour) saving the profile again.
  accountDeleted: 'Esta conta foi excluída. Entre novamente ou crie uma nova conta para continuar.',
  updated: 'Perfil atualizado',
  created: 'Perfil criado',
  createdDescription: 'Seu contrato foi gerado automaticamente.',
  newEmailRequired: 'Digite um novo email válido.',
  emailChangeFailed: 'Não foi possível alterar o email.',
  emailConfirmationSent: 'Email de confirmação enviado',
  changeEmail: 'Alterar email',
  // Not in the spec: same tone.
  emailConfirmationSentDescription: 'Abra o link que enviamos para o novo endereço para concluir a alteração.',
  emailChanged: 'Email alterado',
  emailChangedDescription: 'Seu novo email já vale para entrar na sua conta.',
  emailChangeLinkInvalid: 'Este link de confirmação é inválido ou expirou. Peça a alteração novamente.',
  // Not in the spec: same tone.
  nameTooLong: 'Nome muito longo.',
  profileExists: 'Perfil já cadastrado.',
  changedConcurrently: 'Seu perfil foi alterado em outra janela. Recarregue a página e tente novamente.',
  profileMissing: 'Complete seu perfil primeiro',
  emailInUse: 'Este email já está em uso.',
  postalCodeNotFound: 'CEP não encontrado. Preencha o endereço manualmente.',
  // Not in the spec: what domain/printable-text.ts refuses, said so a person can fix it.
  invisibleCharacters:
    'Este campo contém caracteres invisíveis ou de controle (comuns ao copiar e colar). Apague e digite o texto novamente.',
  unsupportedCharacters:
    'Use apenas letras (dos alfabetos latino, grego ou cirílico), números e pontuação comum. Emojis e outros símbolos não são aceitos.',
} as const;

/** Contract (spec 02 §2, §8). */
export const CONTRACT_MESSAGES = {
  title: 'Contrato de Prestação de Serviços',
  subtitle: 'Formalize sua solicitação por meio de assinatura digital.',
  signedHeading: 'Contrato Assinado',
  pendingHeading: 'Aguardando Assinatura',
  renewalSuffix: ' - Renovação',
  activeBadge: 'Ativo',
  pendingBadge: 'Pendente',
  sign: 'Assinar Contrato Digitalmente',
  signing: 'Processando Assinatura...',
  evidenceNotice: 'Ao assinar, registramos a data, o horário, o seu endereço IP e a sua localização aproximada.',
  completeProfileWarning: 'Complete seu perfil antes de assinar o contrato',
  completeProfileFirst: 'Complete seu perfil primeiro',
  noProfile: 'Complete seu perfil antes de assinar o contrato.',
  noContractTitle: 'Nenhum contrato encontrado',
  noContract: 'Não foi possível encontrar um contrato para assinatura. Tente atualizar a página.',
  alreadySignedTitle: 'Contrato já assinado',
  alreadySigned: 'Este contrato já foi assinado anteriormente.',
  updateFailed: 'Não foi possível assinar o contrato. Verifique se ele ainda está disponível para assinatura.',
  notFoundOrSigned: 'Contrato não encontrado ou já foi assinado.',
  signFailed: 'Erro ao assinar o contrato. Tente novamente.',
  signedToast: 'Contrato assinado!',
  freeStarted: 'Processo gratuito iniciado!',
  viewPdf: 'Ver Contrato em PDF',
  viewPayment: 'Ver Pagamento',
  followProcess: 'Acompanhar Processo',
  loadFailed: 'Erro ao carregar contratos. Tente recarregar a página.',
  ipUnavailable: 'IP não disponível',
  locationUnavailable: 'N/A',
  defaultCountry: 'Brasil',
  // Not in the spec (docs/decisions.md, "A contract the customer reads, agrees to and keeps"): the explicit acceptance
  // a signature needs, recorded word for word with its evidence.
  consentLabel: 'Li e concordo com os termos do contrato',
  consentRequired: 'Para assinar, marque “Li e concordo com os termos do contrato”.',
  downloadPdf: 'Baixar contrato assinado (PDF)',
  downloadingPdf: 'Preparando o PDF...',
  pdfUnavailable: 'O PDF deste contrato não está disponível. Fale com o nosso suporte.',
  pdfFailed: 'Não foi possível baixar o contrato. Tente novamente.',
} as const;

/** The signed contract's link in the 'Contrato assinado' e-mail (docs/decisions.md, A contract the customer keeps). */
export const CONTRACT_LINK_MESSAGES = {
  title: 'Seu contrato assinado',
  preparing: 'Preparando o download do seu contrato...',
  ready: 'O download do seu contrato começou. Se ele não começar, use o botão abaixo.',
  download: 'Baixar contrato (PDF)',
  invalid:
    'Este link para baixar o contrato não é válido ou expirou. Entre na sua conta para baixar o contrato na página Contrato.',
  goToContract: 'Entrar e ver meu contrato',
  failed: 'Não foi possível preparar o download agora. Tente novamente em alguns instantes.',
  retry: 'Tentar novamente',
} as const;

/** Withdrawal (direito de arrependimento) and the admin's refund (docs/decisions.md, Withdrawal and refunds). */
export const WITHDRAWAL_MESSAGES = {
  cancel: 'Cancelar contrato',
  cancelling: 'Cancelando...',
  cancelledBadge: 'Cancelado',
  cancelledHeading: 'Contrato Cancelado',
  dialogTitle: 'Cancelar este contrato?',
  dialogKeep: 'Manter contrato',
  dialogConfirm: 'Sim, cancelar contrato',
  dialogProcess: 'O seu processo será encerrado e o pedido de baixa não será protocolado.',
  /** Contract clause 7, /termos and the 'Contrato cancelado' e-mail promise the same refund, by the method paid. */
  dialogRefund: (method: PaymentMethod) =>
    `O estorno integral do valor pago é pedido na hora, e ${refundReturnClause(method)}.`,
  /** The open charge removed at Asaas, named as the customer chose to pay it (a boleto is masculine in Portuguese). */
  dialogRemove: (method: PaymentMethod) =>
    ({
      pix: 'A cobrança PIX em aberto será cancelada e não poderá mais ser paga.',
      cartao: 'A cobrança no cartão de crédito em aberto será cancelada e não poderá mais ser paga.',
      boleto: 'O boleto em aberto será cancelado e não poderá mais ser pago.',
      manual: 'A cobrança em aberto será cancelada e não poderá mais ser paga.',
    })[method],
  dialogFree: 'A renovação gratuita usada neste contrato voltará a ficar disponível para você.',
  dialogNoUndo: 'O cancelamento não pode ser desfeito.',
  cancelledToast: 'Contrato cancelado',
  cancelledRefund: (method: PaymentMethod) => `Pedimos o estorno do seu pagamento: ${refundReturnClause(method)}.`,
  cancelledNoRefund: 'Seu processo foi encerrado.',
  windowUntil: 'Você pode cancelar este contrato até',
  notSigned: 'Só é possível cancelar um contrato assinado.',
  alreadyCancelled: 'Este contrato já foi cancelado.',
  windowClosed: 'O prazo de 7 dias corridos para cancelar este contrato já terminou. Fale com o nosso suporte.',
  filed: 'O pedido já foi protocolado, por isso o contrato não pode mais ser cancelado. Fale com o nosso suporte.',
  closed: 'Este processo já foi encerrado.',
  cancelledContract: 'Este contrato foi cancelado.',
  refundPending:
    'Seu cancelamento foi registrado, mas não conseguimos pedir o estorno ao banco agora. Tente novamente em alguns minutos.',
  refundRetry: 'Tentar estorno novamente',
  cancelFailed: 'Não foi possível cancelar o contrato. Tente novamente.',
  historyNote: 'Cancelado a pedido do cliente',
  contractNotFound: 'Contrato não encontrado.',
  refundNotPaid: 'Só é possível estornar uma cobrança paga.',
  refundReasonRequired: 'Informe o motivo do estorno.',
  refundAction: 'Estornar',
  refundDialogTitle: 'Estornar pagamento',
  refundReasonLabel: 'Motivo do estorno',
  refundConfirm: 'Confirmar estorno',
  refundedToast: 'Estorno solicitado',
  /** The withdrawal's answer when Asaas refused the refund: the contract stays cancelled, the team returns the money. */
  cancelledRefundRefused:
    'O banco não aceitou o estorno automático do seu pagamento. Nossa equipe já foi avisada e vai devolver o valor pago; você não precisa fazer nada.',
  /** The admin's 'Estornar' when Asaas refused: the toast's title; its text is Asaas's reason. */
  refundRefusedTitle: 'Estorno recusado pelo Asaas',
  refundRefusedBadge: 'Estorno recusado',
  /** The customer's word for a payment whose refund Asaas refused: the team is returning it. */
  refundWithTeam: 'Estorno em andamento com a nossa equipe',
  contractCancelledBadge: 'Contrato cancelado',
  manualRefundAction: 'Registrar estorno manual',
  manualRefundTitle: 'Registrar estorno manual',
  manualRefundIntro:
    'Use quando o valor foi devolvido ao cliente fora do Asaas (por transferência bancária). Fica registrado na auditoria.',
  manualRefundValue: 'Valor devolvido (R$)',
  manualRefundDate: 'Data da devolução',
  manualRefundReason: 'Motivo',
  manualRefundConfirm: 'Registrar estorno',
  manualRefundDone: 'Estorno manual registrado',
  manualRefundBadge: 'Estornado manualmente',
  manualRefundInvalidValue: 'Informe o valor devolvido, maior que zero e até o valor pago.',
  manualRefundInvalidDate: 'Informe a data da devolução (não pode ser futura).',
  manualRefundNotCancelled: 'Só é possível registrar um estorno manual de uma cobrança paga de um contrato cancelado.',
  manualRefundAlready: 'O estorno manual desta cobrança já foi registrado.',
  duplicateRefundAction: 'Estornar pagamento extra',
  duplicateRefundDone: 'Estorno do pagamento extra solicitado',
  duplicateRefundNotExtra:
    'Esta cobrança não é um pagamento extra: só é possível estornar uma cobrança paga de um contrato já pago por outra cobrança.',
  refundRefusedByAsaas: 'O Asaas recusou o estorno:',
} as const;

/** Payment (spec 02 §2 Payment, §8). */
export const PAYMENT_MESSAGES = {
  title: 'Pagamento',
  /** The screen without a signed contract (spec 02 §2). */
  signFirst: 'Você precisa assinar um contrato antes de gerar um pagamento.',
  /** The server's answer to a charge for a contract that is not signed (spec 02 §8). */
  contractNotSigned: 'Contrato não encontrado. Assine o contrato primeiro.',
  /** The badge of a PENDING charge on the payment screen (spec 02 §4: 'Aguardando' or 'Pendente'). */
  awaitingBadge: 'Aguardando',
  generateFailed: 'Erro ao gerar pagamento. Tente novamente.',
  freeRenewal: 'Esta renovação é gratuita: não há pagamento a fazer.',
  generating: 'Estamos gerando o seu PIX. Aguarde alguns segundos.',
  generate: 'Gerar PIX',
  generateAgain: 'Gerar novo PIX',
  expired: 'Este PIX venceu e não pode mais ser pago. Gere um novo PIX para concluir o pagamento.',
  pixGenerated: 'PIX gerado!',
  copied: 'Código PIX copiado para área de transferência.',
  copiedTitle: 'Copiado!',
  verify: 'Verificar Pagamento',
  paidToast: 'Pagamento confirmado!',
  paidNotice: '✅ Pagamento confirmado! Seu processo será iniciado em breve.',
  automaticNote: 'O pagamento é confirmado automaticamente assim que o PIX for recebido.',
  singlePayment: 'Pagamento único via PIX com desconto especial',
  notPaidYet: 'Ainda não recebemos o pagamento. Se você já pagou, aguarde alguns instantes.',
  // Not in the spec: the per-customer limit of 'Verificar Pagamento' (domain/rate-limits.ts), same tone.
  tooManyVerifications:
    'Você já verificou o pagamento várias vezes. Ele é confirmado automaticamente assim que o PIX for recebido; aguarde alguns minutos antes de verificar de novo.',
  // Not in the spec: the global cap on reads of Asaas's API (domain/rate-limits.ts, asaasReadsGlobal), same tone.
  verificationsBusy:
    'Muitas verificações de pagamento neste momento. O pagamento é confirmado automaticamente assim que o PIX for recebido; tente verificar de novo em alguns minutos.',
} as const;

/**
 * Who receives the PIX, said before the code (people abandon a PIX whose payee they do not know). The payee is
 * the stage's company identity (domain/company.ts); the bank's name for it is named too when it reads differently.
 */
export const PIX_PAYEE_MESSAGES = {
  lead: 'Você vai pagar para:',
  bankShows: 'No app do seu banco, o recebedor aparece como',
  check: 'Confira esses dados no app do seu banco antes de confirmar o pagamento.',
} as const;

/** Renewal (spec 02 §2 Renewal, §8); what the spec leaves out follows its tone (docs/decisions.md, Renewals). */
export const RENEWAL_MESSAGES = {
  title: 'Renovação',
  cancelledContract: 'Seu último contrato foi cancelado e não pode ser renovado. Fale com o nosso suporte.',
  paidButton: `Renovar por ${formatBRL(CONTRACT_PRICE)}`,
  freeStarted: 'Renovação gratuita iniciada',
  paidCreated: 'Contrato de renovação criado',
  freeFailed: 'Não foi possível iniciar',
  paidFailed: 'Falha ao criar contrato de renovação',
  paidFailedFallback: 'Não foi possível iniciar a renovação paga',
  // Not in the spec: same tone.
  subtitle: 'A baixa é temporária: quando ela cair ou terminar, renove para fazer um novo pedido.',
  freeTitle: 'Renovação Gratuita',
  freeButton: 'Usar Renovação Gratuita',
  freeNone: 'Você ainda não tem renovações gratuitas. A cada 5 indicações pagas, você ganha uma.',
  paidTitle: 'Renovação Paga',
  paidDescription: 'Um novo pedido de baixa temporária, com pagamento único via PIX depois de assinar o contrato.',
  signFirst: 'Assine o contrato de renovação para liberar o pagamento.',
  noFreeRenewals: 'Você não tem renovações gratuitas disponíveis.',
  profileMissing: 'Complete seu perfil antes de iniciar uma renovação.',
  openContract:
    'Você já tem um contrato aguardando assinatura ou pagamento. Conclua-o em Contrato antes de iniciar uma renovação.',
  processInProgress:
    'A renovação fica disponível quando a baixa do seu processo atual for deferida, cair ou o processo for encerrado.',
  alreadyRenewed: 'Este contrato já foi renovado. Assine o contrato de renovação em Contrato para continuar.',
} as const;

/** History (spec 02 §2, §8). */
export const HISTORY_MESSAGES = {
  title: 'Histórico',
  subtitle: 'Contratos, pagamentos e andamento do seu processo, do mais recente ao mais antigo.',
  empty: 'Nenhum histórico encontrado',
  loadFailed: 'Não foi possível carregar o histórico. Tente recarregar a página.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
} as const;

/** Processes and charges: server answers not in the spec, same tone. */
export const PROCESS_MESSAGES = {
  processNotFound: 'Processo não encontrado.',
  changedConcurrently: 'O status do processo foi alterado por outra pessoa. Recarregue e tente novamente.',
  chargeNotFound: 'Cobrança não encontrada.',
} as const;

/** Admin screens (spec 02 §8, Admin). */
export const ADMIN_MESSAGES = {
  // Not in the spec: searches shorter than a search token are refused (docs/data-model.md).
  searchTooShort: 'Digite pelo menos 2 caracteres para buscar.',
  // Not in the spec: the admin lists' next page (same tone).
  loadMore: 'Carregar mais',
  // Not in the spec: the counters above a list could not be read (same tone).
  summaryLoadFailed: 'Erro ao carregar os totais.',
  // Not in the spec: a page cursor that this list never gave (edited, truncated, from another list).
  invalidCursor: 'Não foi possível continuar a lista a partir desta página. Recarregue a lista.',
} as const;

/** /admin/processos and /admin/financeiro (spec 02 §8 Admin and its success messages). */
export const ADMIN_PROCESS_MESSAGES = {
  processesTitle: 'Processos',
  processesSubtitle: 'Acompanhe e atualize o status dos processos',
  loadProcessesFailed: 'Erro ao carregar processos.',
  statusUpdateFailed: 'Erro ao atualizar status do processo.',
  // Not in the spec: what 'Verificar' found at Asaas, under 'Cobrança atualizada' (same tone).
  verifiedPaid: 'Pagamento confirmado no Asaas.',
  verifiedUnpaid: 'O pagamento ainda não foi recebido.',
  statusUpdated: 'Status atualizado',
  financeTitle: 'Financeiro',
  financeSubtitle: 'Cobranças, pagamentos e conversão',
  loadFinanceFailed: 'Erro ao carregar dados financeiros.',
  verifyFailed: 'Erro ao verificar pagamento.',
  // Not in the spec: the global cap on reads of Asaas's API, after 'Erro ao verificar pagamento.' (same tone).
  verifyBusy: 'O limite de consultas ao Asaas deste momento foi atingido. Tente de novo em alguns minutos.',
  markPaidFailed: 'Não foi possível marcar como pago.',
  chargeUpdated: 'Cobrança atualizada',
  // Not in the spec: the search box, the tables' empty states and the status change's confirmation, same tone.
  searchLabel: 'Buscar por protocolo ou nome do cliente',
  searchPlaceholder: 'Protocolo ou nome',
  noProcesses: 'Nenhum processo encontrado.',
  noCharges: 'Nenhuma cobrança encontrada.',
  statusChangeTitle: 'Alterar status do processo',
  statusChangeApply: 'Alterar',
  statusChangeConfirm: 'Confirmar',
  statusChangeSaving: 'Salvando...',
  noteLabel: 'Observação',
  noteHint: 'Opcional. Fica no histórico do processo e o cliente a vê no histórico e no e-mail de atualização.',
  noteTooLong: 'A observação deve ter no máximo 500 caracteres.',
  // Not in the spec: the guarded status change (docs/decisions.md, "Guarded status changes"), same tone.
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  internalNoteTooLong: 'A nota interna deve ter no máximo 500 caracteres.',
  courtUnitTooLong: 'A vara deve ter no máximo 120 caracteres.',
  noteLabelCustomer: 'Observação para o cliente',
  reasonLabel: 'Motivo',
  reasonHint: 'Obrigatório. Fica no histórico interno e na auditoria; o cliente não vê.',
  fallReasonLabel: 'Motivo da queda',
  internalNoteLabel: 'Nota interna',
  internalNoteHint: 'Opcional. Só a equipe vê; nunca aparece para o cliente.',
  cnjLabel: 'Número do processo (CNJ)',
  cnjHint: 'NNNNNNN-DD.AAAA.J.TR.OOOO',
  filingDateLabel: 'Data do protocolo',
  courtUnitLabel: 'Vara (opcional)',
  decisionDateLabel: 'Data da decisão',
  fallDateLabel: 'Data em que a baixa caiu',
  warningsHeading: 'Atenção: esta mudança',
  emailPreviewHeading: 'E-mail que o cliente vai receber',
  emailPreviewSubject: 'Assunto',
  statusChangeScheduled: 'Alteração agendada',
  statusChangeScheduledDescription: (seconds: number) => `O status muda e o cliente é avisado em ${seconds} segundos.`,
  statusChangeUndo: 'Desfazer',
  statusChangeUndone: 'Alteração desfeita. Nada foi enviado ao cliente.',
  // Not in the spec: 'Marcar pago''s confirmation, same tone.
  markPaidTitle: 'Marcar cobrança como paga',
  markPaidIntro:
    'Registre um pagamento recebido fora do PIX do Asaas (transferência, depósito, dinheiro). O processo passa a Pago, o prazo de protocolo começa a contar e o cliente recebe o e-mail de pagamento confirmado.',
  markPaidValue: 'Valor recebido (R$)',
  markPaidDate: 'Data do recebimento',
  markPaidReason: 'Como o pagamento foi recebido',
  markPaidConfirm: 'Confirmar pagamento',
  markPaidSaving: 'Registrando...',
  markPaidValueMismatch: (valor: string) => `O valor recebido deve ser o valor da cobrança: ${valor}.`,
  markPaidInvalidValue: 'Informe o valor recebido.',
  markPaidInvalidDate: 'Informe a data do recebimento (hoje ou antes).',
  markPaidReasonRequired: 'Informe como o pagamento foi recebido (mínimo de 3 caracteres).',
  verifiedTitle: 'Verificação no Asaas',
} as const;

/**
 * 'Divergências' on /admin/financeiro: what the nightly reconciliation with Asaas could not repair by itself (not in
 * the spec; the finance screen's tone).
 */
export const RECONCILIATION_MESSAGES = {
  title: 'Divergências',
  subtitle: 'O que a conciliação noturna com o Asaas encontrou e não pôde corrigir sozinha.',
  loading: 'Carregando divergências...',
  loadFailed: 'Erro ao carregar divergências.',
  none: 'Nenhuma divergência em aberto.',
  neverRun: 'A conciliação com o Asaas ainda não foi executada.',
  lastRun: 'Última conciliação',
  nextRun: 'Próxima conciliação agendada',
  runNow: 'Executar agora',
  running: 'Conciliando com o Asaas...',
  runStarted: 'Conciliação com o Asaas concluída.',
  runFailed: 'Não foi possível executar a conciliação agora. Tente novamente.',
  /** 409: the lease of the run under way (pattern 53 a) refused a second one. */
  alreadyRunning: 'Uma conciliação com o Asaas já está em andamento. Aguarde o fim dela para executar de novo.',
} as const;

/**
 * /admin/financeiro's period view: not in the spec, in its tone. The
 * figures' exact meaning is in docs/decisions.md (Finance a person can read).
 */
export const FINANCE_MESSAGES = {
  periodLabel: 'Período',
  customFrom: 'De',
  customTo: 'Até',
  received: 'Recebido',
  refunded: 'Estornado',
  fees: 'Taxas Asaas',
  net: 'Líquido',
  /** How Líquido is made, under its figure: the sum a person can redo. */
  netFormula: 'Recebido − Estornado − Taxas Asaas',
  pending: 'Pendente',
  totalsLabel: 'Totais do período',
  totalsLoadFailed: 'Erro ao carregar os totais do período.',
  chartTitle: 'Recebimentos por dia',
  chartNoReceipts: 'Nenhum recebimento no período.',
  chartLoadFailed: 'Não foi possível carregar o gráfico.',
  exportCsv: 'Exportar CSV',
  exporting: 'Exportando...',
  exported: 'CSV exportado',
  exportFailed: 'Não foi possível exportar o CSV. Tente novamente.',
  exportTooLarge: 'O período tem cobranças demais para um arquivo. Escolha um período menor.',
  invalidDay: 'Data inválida.',
  bothDays: 'Informe as duas datas do período.',
  reversed: 'A data inicial deve ser anterior ou igual à data final.',
  tooLong: 'O período pode ter no máximo 366 dias.',
  choosePeriod: 'Escolha as duas datas do período para ver as cobranças.',
  /** Every figure says which span it counts: the counters count everything, the totals one period. */
  allTimeCaption: 'Contagens desde o início, de todas as cobranças',
  /** The signed contracts waiting for their payment, now: they add up (`awaitingPayment`). */
  awaitingCaption: 'Contratos assinados aguardando pagamento, agora',
  awaitingLabel: 'Contratos aguardando pagamento',
  awaitingTotal: 'Aguardando pagamento',
  awaitingCharged: 'Com cobrança',
  awaitingUncharged: 'Sem cobrança ainda',
  methodFilterLabel: 'Forma de pagamento',
  methodFilterAll: 'Todas as formas',
  periodCaption: (range: string) => `No período: ${range}`,
  chartRefunds: (amount: string, days: number) => `Estornos: ${amount} em ${days} ${days === 1 ? 'dia' : 'dias'}.`,
} as const;

/**
 * 'n pagamentos', 'n estornos', 'n cobranças em aberto', 'de n pagamentos' (the fees): the figure's count in words,
 * singular for one.
 */
export function financeCountText(kind: 'received' | 'refunded' | 'pending' | 'fees', count: number): string {
  const words = {
    received: ['pagamento', 'pagamentos'],
    refunded: ['estorno', 'estornos'],
    pending: ['cobrança em aberto', 'cobranças em aberto'],
    fees: ['pagamento', 'pagamentos'],
  }[kind];
  const text = `${count.toLocaleString('pt-BR')} ${count === 1 ? words[0] : words[1]}`;
  return kind === 'fees' ? `de ${text}` : text;
}

/** /admin/clientes and /admin/clientes/{id} (spec 02 §2 Admin: Clients, Client detail; §8 Admin). */
export const ADMIN_CLIENT_MESSAGES = {
  listTitle: 'Clientes',
  listSubtitle: 'Gerencie os clientes cadastrados',
  detailTitle: 'Detalhes do Cliente',
  loadClientsFailed: 'Erro ao carregar clientes.',
  loadClientFailed: 'Erro ao carregar dados do cliente.',
  clientNotFound: 'Cliente não encontrado',
  deleteFailedTitle: 'Erro ao excluir',
  deleteFailed: 'Não foi possível excluir os dados do cliente.',
  clientDeleted: 'Cliente excluído',
  // Not in the spec: the dialog's words, the server's own refusals, the list's states (same tone).
  deleteDialogTitle: 'Excluir cliente?',
  deleteDialogText:
    'Esta ação é irreversível. Primeiro, as cobranças em aberto são canceladas no Asaas e o cadastro do cliente lá é removido. Depois, são excluídos o perfil, os contratos, os processos, as indicações, as cobranças, os documentos (com todas as versões) e a conta de acesso. Havendo pagamento recebido, estorne-o antes. O histórico de ações administrativas é mantido apenas nos registros do sistema.',
  deleteConfirm: 'Excluir definitivamente',
  deleteConfirmationMissing: 'Confirme a exclusão: o identificador informado não corresponde a este cliente.',
  cannotDeleteAdmin: 'Não é possível excluir um administrador. Remova-o do grupo de administradores antes.',
  /** The money gate (docs/decisions.md): received money keeps its record until it is refunded. */
  deleteRefusedPaid: (payments: string[]) =>
    `Não é possível excluir: há pagamento recebido ou em estorno (${payments.join(', ')}), cujo registro precisa ser mantido. Estorne-o em Financeiro e exclua o cliente quando o estorno for concluído. Nada foi excluído.`,
  deleteAsaasUnavailable:
    'O Asaas não respondeu ao cancelar as cobranças deste cliente. Nada foi excluído dos nossos registros; tente novamente em alguns minutos.',
  deleteAsaasRefused: (reason: string) =>
    `O Asaas recusou cancelar as cobranças ou remover o cadastro deste cliente (${reason}). Nada foi excluído dos nossos registros.`,
  searchPlaceholder: 'Buscar por nome, email ou documento',
  noClients: 'Nenhum cliente cadastrado.',
  noMatches: 'Nenhum cliente encontrado para esta busca.',
  sortLabel: 'Ordenar por',
} as const;

/** /admin/indicacoes (spec 02 §2 Admin: Referrals; §8 Admin). */
export const ADMIN_REFERRAL_MESSAGES = {
  title: 'Indicações',
  loadFailed: 'Falha ao carregar indicações',
  // Not in the spec: the subtitle, the search box and the list's states (same tone).
  subtitle: 'Acompanhe as indicações e quem indicou',
  searchLabel: 'Buscar por email indicado ou nome de quem indicou',
  searchPlaceholder: 'Email ou nome',
  noReferrals: 'Nenhuma indicação encontrada.',
} as const;

/** What the deletion answers, in words ('Cliente excluído' with counts, spec 02 §8), and what it cancelled at Asaas. */
export function clientDeletedDescription(counts: {
  deleted_contracts: number;
  deleted_processes: number;
  deleted_referrals: number;
  removed_payments?: number;
}): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const deleted = `${plural(counts.deleted_contracts, 'contrato', 'contratos')}, ${plural(counts.deleted_processes, 'processo', 'processos')} e ${plural(counts.deleted_referrals, 'indicação', 'indicações')} excluídos.`;
  const removed = counts.removed_payments ?? 0;
  if (removed === 0) return deleted;
  return `${deleted} ${removed === 1 ? '1 cobrança em aberto cancelada' : `${removed} cobranças em aberto canceladas`} no Asaas.`;
}

/** Server-side error texts that are not in the spec but follow its tone (see docs/decisions.md). */
export const API_MESSAGES = {
  unauthorized: 'Sessão expirada. Faça login novamente.',
  forbidden: 'Acesso Negado - Você não tem permissão para acessar esta área.',
  invalidRequest: 'Requisição inválida. Verifique os dados informados.',
  notFound: 'Recurso não encontrado.',
  invalidWebhookToken: 'Token do webhook inválido.',
  // Not in the spec: to Asaas, whose redelivery is wanted (a payment its own API does not show yet).
  webhookClaimUnconfirmed: 'Pagamento ainda não confirmado pela consulta ao Asaas. Reenvie o evento.',
  unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
} as const;

/**
 * An admin removed from the `admin` group whose id token still says otherwise (docs/decisions.md, "A demoted admin"):
 * the API refuses them at once; the SPA shows this and leaves the admin area. Not in the spec, same tone.
 */
export const ADMIN_ACCESS_MESSAGES = {
  removed:
    'Acesso Negado - Você não faz mais parte da equipe administrativa. Entre novamente ou fale com um administrador.',
  backToDashboard: 'Voltar ao painel',
} as const;

/** Public routes' rate limits (docs/decisions.md, Public lookup and Nada Consta): not in the spec, same tone. */
export const RATE_LIMIT_MESSAGES = {
  tooManyLookups: 'Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  tooManyRequests: 'Muitas solicitações em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const;

/** Public lookup input beyond the spec's required-field message (spec 01 §5); same tone. */
export const LOOKUP_INPUT_MESSAGES = {
  tooLong: 'Consulta muito longa. Digite apenas o CPF, CNPJ ou protocolo.',
  invalidCharacters: 'Use apenas letras, números, pontos, traços e barras do CPF, CNPJ ou protocolo.',
} as const;

/** Nada Consta (spec 01 §2, §5, §7, §8) and its public verification page. */
export const NADA_CONSTA_MESSAGES = {
  dialogTitle: 'Baixar Nada Consta',
  issuedTitle: 'Nada Consta emitido',
  issuedDescription: 'Enviamos o comprovante para seu e-mail.',
  failureTitle: 'Falha ao emitir',
  connectionError: 'Erro de conexão',
  failed: 'Não foi possível emitir.',
  // Not in the spec, same tone. One answer for every refusal, so it reveals nothing (docs/decisions.md).
  notIssued: 'Não foi possível emitir o Nada Consta com os dados informados.',
  protocolRequired: 'Informe o protocolo.',
  invalidProtocol: 'Protocolo inválido.',
  emailRequired: 'Informe o email cadastrado.',
  invalidEmail: 'Email inválido',
  invalidCheck: 'Verificação de segurança incorreta.',
  certificateNotFound: 'Certificado não encontrado.',
  valid: 'Vigente',
  notValid: 'Não vigente',
} as const;

/** The conversions route (tracking): what a malformed event is told. */
export const CONVERSION_MESSAGES = {
  invalidEvent: 'Evento de conversão inválido.',
  invalidEventId: 'Identificador do evento inválido.',
  invalidPageUrl: 'Endereço da página inválido.',
  emailNotAllowed: 'O e-mail só é aceito nos eventos de cadastro e login.',
  invalidEmail: 'E-mail inválido.',
  bodyTooLarge: 'Requisição grande demais.',
  tooManyRequests: 'Muitas requisições. Aguarde alguns minutos e tente novamente.',
} as const;

/** Referral, 'Indique e Ganhe' (spec 02 §2, §5, §8). */
export const REFERRAL_MESSAGES = {
  title: 'Indique e Ganhe',
  profileLoadFailed: DASHBOARD_MESSAGES.profileLoadFailed,
  sessionExpired: DASHBOARD_MESSAGES.sessionExpired,
  loadFailed: 'Falha ao carregar indicações. Tente recarregar a página.',
  duplicateInvite: 'Este email já foi convidado anteriormente.',
  permissionDenied: 'Erro de permissão. Tente recarregar a página e fazer login novamente.',
  rowLevelSecurity: 'Permissão negada ao salvar indicação. Certifique-se de estar logado e com perfil completo.',
  saveFailed: (message: string) => `Erro ao salvar indicação: ${message}`,
  sendFailed: 'Não foi possível enviar o convite.',
  profileRequired: 'Você precisa completar o perfil antes de enviar convites.',
  inviteSent: 'Convite enviado!',
  copied: PAYMENT_MESSAGES.copiedTitle,
  // Not in the spec, same tone.
  inviteSentDescription: 'Seu amigo vai receber um email com o seu link de indicação.',
  copiedDescription: 'Link de indicação copiado para a área de transferência.',
  ownEmail: 'Você não pode convidar o seu próprio email.',
  invalidEmail: 'Email inválido',
  tooManyInvites: 'Muitos convites em pouco tempo. Aguarde um pouco e tente novamente.',
  tooManyInvitesToday: 'Você atingiu o limite de convites de hoje. Tente novamente amanhã.',
  invitesPaused: 'Os convites estão temporariamente indisponíveis. Tente novamente mais tarde.',
} as const;

/**
 * The customer's 'status-update' e-mail in their words (no system state names): what the new status means for
 * them and what comes next. The spec's previous and new status names follow, in the dashboard's own labels.
 */
export const STATUS_EMAIL_NEWS: Record<ProcessStatus, string> = {
  cadastro: 'O seu cadastro está registrado. O próximo passo é completar o perfil e assinar o contrato.',
  contrato_assinado: 'O seu contrato está assinado. O próximo passo é o pagamento por PIX.',
  pagamento_pendente: 'Falta só o pagamento por PIX para darmos início ao seu pedido.',
  pago: `Recebemos o seu pagamento. Agora envie os seus documentos em 'Documentos': o nosso advogado protocola o seu pedido na Justiça em até ${PROCESSING_BUSINESS_DAYS} dias úteis depois que todos forem aprovados, e avisamos você quando isso acontecer.`,
  em_analise: `Todos os seus documentos foram aprovados. O nosso advogado está preparando o seu pedido e vai protocolá-lo na Justiça em até ${PROCESSING_BUSINESS_DAYS} dias úteis.`,
  peticionado:
    'O seu pedido foi protocolado na Justiça pelo nosso advogado. Agora aguardamos a decisão do juiz, que não tem prazo fixo.',
  baixa_deferida:
    'Boa notícia: a Justiça deferiu a baixa temporária dos apontamentos no seu nome. Os órgãos de proteção ao crédito podem levar alguns dias para cumprir a decisão. Você já pode emitir o Nada Consta na consulta pública.',
  baixa_caiu:
    'A baixa temporária dos apontamentos deixou de valer: eles podem voltar a aparecer nos órgãos de proteção ao crédito. Fale com a gente para saber o que pode ser feito.',
  encerrado: 'O seu processo foi encerrado.',
  pagamento_estornado:
    'O seu pagamento voltou para quem pagou (estorno ou contestação no banco), por isso o pedido está parado. Fale com a gente se tiver dúvidas.',
};

/** The 'status-update' e-mail's subject; the admin's status dialog previews it word for word. */
export function statusEmailSubject(protocolo: string, novoStatus: string): string {
  return `Atualização do processo ${protocolo}: ${statusLabel(novoStatus)}`;
}

/** The receipt in the 'Pago' e-mail and the refund in 'Contrato cancelado'. */
export const EMAIL_RECEIPT_MESSAGES = {
  paidTitle: 'Pagamento confirmado!',
  receiptHeading: 'Recibo',
  amount: 'Valor',
  paidAt: 'Data e hora',
  method: 'Forma de pagamento',
  protocol: 'Protocolo',
  refundAmount: 'Valor a estornar',
  refundTo: 'Para onde volta',
  /** 'A conta de origem do PIX', 'O mesmo cartão de crédito (todas as parcelas)'... by the method refunded. */
  refundDestination: (method: PaymentMethod) => {
    const destination = refundRoute(method).destination;
    return destination.charAt(0).toUpperCase() + destination.slice(1);
  },
  refundBy: 'Previsão',
  previousStep: 'Etapa anterior',
  currentStep: 'Etapa atual',
} as const;

/** Beside 'Cadastrar': what signing up agrees to, with both documents linked. */
export const SIGN_UP_LEGAL = {
  lead: 'Ao se cadastrar, você concorda com os',
  terms: 'Termos de Uso',
  middle: 'e declara ter lido a',
  privacy: 'Política de Privacidade',
} as const;
