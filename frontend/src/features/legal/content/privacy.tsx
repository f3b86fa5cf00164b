import { SiteLink as Link } from '@/components/site-link';
import { COMPANY } from '@/lib/company';
import { refundRoutesSentence } from '@domain/payment-methods.js';
import { CANCELLATION_WINDOW_DAYS } from '@domain/deadlines.js';
import {
  FactList,
  LegalNotice,
  ProviderIdentity,
  PurposeList,
  ServiceEmailLink,
  type Purpose,
} from '../components/legal-blocks';
import type { LegalSection } from '../components/legal-document';

/*
 * Política de Privacidade (/privacidade). LEGAL REVIEW: an engineering draft that the company's lawyer must review and
 * approve before launch (see content/updated-at.ts). What it states must match the system (docs/data-model.md,
 * lib/constructs/): the retention periods below mirror the TTLs (`expiresAt`), the access-log lifecycle (365 days),
 * the log groups' retention and DynamoDB's point-in-time recovery (35 days). Change them together.
 * Before launch also: publish the encarregado's identity (LGPD art. 41 §1) unless the company relies on the small-agent
 * exemption (Resolução CD/ANPD nº 2/2022), and make sure the marketing pixel only runs with the consent this text
 * promises.
 */

const DATA_SUBJECT_SUBJECT = 'Direitos do titular (LGPD)';

const PURPOSES: readonly Purpose[] = [
  {
    title: 'Conta e acesso',
    description:
      'Criar e manter sua conta, autenticar seu acesso e enviar os links de confirmação de cadastro, de recuperação de senha e de acesso (link mágico).',
    basis: 'execução de contrato e de procedimentos preliminares a ele (art. 7º, V).',
  },
  {
    title: 'Prestação do serviço',
    description:
      'Gerar o contrato e registrar a assinatura, cobrar e confirmar o pagamento, preparar e acompanhar o pedido, avisar você de cada mudança de situação e prestar atendimento.',
    basis: 'execução de contrato (art. 7º, V).',
  },
  {
    title: 'Avisos do processo pelo WhatsApp',
    description:
      'Só se você marcar “Quero receber atualizações do meu processo pelo WhatsApp” em Meu Perfil: enviamos ao seu celular, pela API oficial do WhatsApp Business (Meta), avisos do seu processo (pagamento, documentos, protocolo, andamento, baixa), nunca propaganda. Guardamos a data, o IP e o texto da autorização, as mensagens enviadas com a situação de entrega e as suas respostas. Você retira a autorização a qualquer momento desmarcando a opção em Meu Perfil ou respondendo SAIR no WhatsApp; os avisos por e-mail continuam.',
    basis: 'consentimento (art. 7º, I), que pode ser revogado a qualquer momento (art. 8º, § 5º).',
  },
  {
    title: 'Processo judicial e prova da contratação',
    description:
      'Protocolar a petição e atuar no processo em seu nome, e guardar o contrato assinado e as evidências da assinatura para eventual discussão judicial ou administrativa.',
    basis:
      'exercício regular de direitos em processo judicial, administrativo ou arbitral (art. 7º, VI) e execução de contrato (art. 7º, V).',
  },
  {
    title: 'Consulta pública e Nada Consta',
    description:
      'Mostrar a situação do processo, com dados mascarados, a quem informar o CPF, o CNPJ ou o protocolo, e emitir e verificar o certificado Nada Consta.',
    basis:
      'execução de contrato (art. 7º, V), pois o acompanhamento pela consulta pública faz parte do serviço contratado, e legítimo interesse de quem precisa conferir a autenticidade de um certificado (art. 7º, IX).',
  },
  {
    title: 'Obrigações legais',
    description:
      'Cumprir obrigações fiscais e contábeis, guardar os registros de acesso exigidos pelo Marco Civil da Internet e atender a requisições de autoridades.',
    basis: 'cumprimento de obrigação legal ou regulatória (art. 7º, II).',
  },
  {
    title: 'Segurança e prevenção a fraudes',
    description:
      'Verificações de segurança, limites de requisições e de envio de e-mails, registros de segurança e detecção de abusos e de acessos indevidos.',
    basis: 'legítimo interesse, nosso e de quem usa o serviço, em um ambiente seguro (art. 7º, IX).',
  },
  {
    title: 'Programa de indicação',
    description:
      'Registrar quem indicou quem, contar as indicações pagas e conceder as renovações gratuitas; enviar um único convite ao e-mail que um cliente indicou.',
    basis:
      'execução de contrato para quem indica (art. 7º, V); legítimo interesse para o envio do convite a quem foi indicado (art. 7º, IX), que pode se opor a qualquer momento.',
  },
  {
    title: 'Medição de campanhas de marketing',
    description:
      'Saber quais anúncios trazem visitas, cadastros e contratações, pelo pixel da Meta no navegador e por eventos de conversão enviados pelos nossos servidores à Meta e ao Google Ads, com identificadores pseudonimizados.',
    basis:
      'consentimento (art. 7º, I) para os cookies e o pixel no navegador; legítimo interesse (art. 7º, IX) para os eventos enviados pelos nossos servidores, respeitando sua oposição e a recusa ou a revogação do consentimento.',
  },
];

export const PRIVACY_LEAD =
  'Esta Política explica quais dados pessoais tratamos, para quê, com quem os compartilhamos, por quanto tempo os guardamos e como você exerce os seus direitos, conforme a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018).';

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'controlador',
    title: 'Quem é o controlador dos seus dados',
    content: (
      <>
        <p>
          O controlador dos dados pessoais tratados no site {COMPANY.brand}, na área do cliente, na consulta pública e
          nos e-mails do serviço é:
        </p>
        <ProviderIdentity />
        <p>
          Esta Política vale para clientes (pessoas físicas e representantes de empresas), para pessoas convidadas pelo
          programa de indicação e para quem usa a consulta pública ou visita o site. Ela complementa os{' '}
          <Link to="/termos">Termos de Uso</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'encarregado',
    title: 'Encarregado pelo tratamento de dados (DPO)',
    content: (
      <p>
        O canal de comunicação com o nosso encarregado pelo tratamento de dados pessoais (art. 41 da LGPD) é o e-mail{' '}
        <ServiceEmailLink subject="Privacidade (LGPD)" />. Escreva para ele para exercer seus direitos, tirar dúvidas
        sobre esta Política ou comunicar um incidente de segurança.
      </p>
    ),
  },
  {
    id: 'dados',
    title: 'Quais dados tratamos e de onde eles vêm',
    content: (
      <>
        <FactList
          facts={[
            {
              term: 'Conta',
              detail:
                'E-mail e senha, informados por você. A senha é guardada de forma protegida pelo serviço de autenticação, e nós nunca temos acesso a ela.',
            },
            {
              term: 'Perfil',
              detail:
                'Nome completo ou razão social, tipo e número do documento (CPF ou CNPJ), e-mail, WhatsApp e endereço (CEP, logradouro, número, complemento, bairro, cidade e estado), informados por você. Ao digitar o CEP, consultamos uma base pública de endereços apenas com o CEP, para preencher o endereço.',
            },
            {
              term: 'Contrato e assinatura',
              detail:
                'Protocolo, valor, data e hora da assinatura, endereço IP, localização aproximada (cidade, estado, país e coordenadas estimadas a partir da conexão), navegador e resumo criptográfico (SHA-256) do texto assinado, além do PDF do contrato. São registrados no momento em que você assina.',
            },
            {
              term: 'Pagamento',
              detail:
                'Identificador da cobrança no Asaas, situação, valor, datas e o código PIX. Não guardamos dados bancários seus.',
            },
            {
              term: 'Processo',
              detail:
                'Situação e histórico de mudanças (com data e responsável), previsão de protocolo, observações, datas de deferimento e de queda da baixa e os dados do processo judicial. Vêm da nossa equipe e do Poder Judiciário.',
            },
            {
              term: 'Indicações',
              detail:
                'Seu código de indicação, quem indicou você, os e-mails que você convidou, a situação de cada indicação e o número de indicações pagas e de renovações gratuitas. Se você recebeu um convite, seu e-mail nos foi informado pela pessoa que indicou você.',
            },
            {
              term: 'Consulta pública e Nada Consta',
              detail:
                'O CPF, CNPJ ou protocolo pesquisado, usado para responder à consulta, e o e-mail informado para emitir o Nada Consta, usado apenas para conferir se é o e-mail cadastrado do cliente. Dos certificados emitidos, guardamos o código de verificação, o PDF e os dados mascarados que ele mostra.',
            },
            {
              term: 'Registros de acesso e de segurança',
              detail:
                'Endereço IP, data e hora, recurso acessado, resultado da requisição e navegador, coletados automaticamente, e registros de segurança, como pedidos de link mágico e de recuperação de senha.',
            },
            {
              term: 'Comunicações',
              detail:
                'Os e-mails que enviamos (confirmação de cadastro, contrato assinado, mudanças de situação), os avisos pelo WhatsApp que você autorizou (com a situação de entrega) e as mensagens que você nos envia por e-mail ou WhatsApp.',
            },
            {
              term: 'Medição de marketing',
              detail: (
                <>
                  Identificadores dos cookies do pixel da Meta, eventos de navegação e de conversão (visita, clique em
                  “Começar Agora”, cadastro, login, início do pagamento e pagamento) e identificadores pseudonimizados.
                  Veja <a href="#cookies">Cookies e armazenamento local</a>.
                </>
              ),
            },
          ]}
        />
        <p>
          Não pedimos dados pessoais sensíveis (como origem racial, saúde, religião ou biometria). As informações sobre
          apontamentos e dívidas são tratadas com sigilo e usadas apenas para o pedido.
        </p>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que usamos os dados e com qual base legal',
    content: (
      <>
        <p>
          Tratamos dados pessoais apenas para finalidades determinadas, cada uma apoiada em uma das bases legais do art.
          7º da LGPD:
        </p>
        <PurposeList purposes={PURPOSES} />
        <p>
          Quando usamos o legítimo interesse, tratamos apenas os dados necessários, verificamos que ele não se sobrepõe
          aos seus direitos e liberdades e você pode se opor (veja <a href="#direitos">Seus direitos</a>). Não vendemos
          dados pessoais e não tomamos decisões baseadas unicamente em tratamento automatizado que afetem os seus
          interesses.
        </p>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Com quem compartilhamos',
    content: (
      <>
        <p>Compartilhamos dados somente na medida do necessário para cada finalidade:</p>
        <ul>
          <li>
            <strong>Asaas</strong> (intermediador de pagamentos): nome, CPF ou CNPJ, e-mail, telefone e valor, para
            gerar a cobrança PIX e confirmar o pagamento. O Asaas também trata esses dados para cumprir as suas próprias
            obrigações como instituição de pagamento.
          </li>
          <li>
            <strong>Amazon Web Services (AWS)</strong>: hospedagem do site, banco de dados, armazenamento de documentos,
            autenticação e envio de e-mails (Amazon SES), como operadora que segue as nossas instruções.
          </li>
          <li>
            <strong>Advogado(a) responsável e Poder Judiciário</strong>: a petição leva a sua qualificação (nome,
            documento e endereço) e as informações necessárias ao pedido. Processos judiciais podem ser públicos,
            conforme as regras de cada tribunal.
          </li>
          <li>
            <strong>Órgãos de proteção ao crédito</strong> (SPC, SERASA, BOA VISTA e SCPC): não enviamos dados
            diretamente a eles; eles recebem do Poder Judiciário a ordem judicial, com os dados que ela contém.
          </li>
          <li>
            <strong>Meta e Google</strong>: eventos de medição de campanhas com identificadores pseudonimizados — e-mail
            e telefone transformados em resumos criptográficos (SHA-256), nunca enviados em texto.
          </li>
          <li>
            <strong>Meta (WhatsApp Business)</strong>: se você autorizou os avisos pelo WhatsApp, o seu número, o seu
            primeiro nome, o protocolo e o texto de cada aviso, para entregá-lo; as suas respostas chegam a nós pela
            mesma via.
          </li>
          <li>
            <strong>ViaCEP</strong> (base pública de endereços): apenas o CEP digitado, consultado pelos nossos
            servidores, sem nenhum outro dado seu.
          </li>
          <li>
            <strong>Autoridades públicas</strong>: quando a lei ou uma ordem judicial exigir.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'transferencia-internacional',
    title: 'Transferência internacional de dados',
    content: (
      <>
        <p>
          A AWS pode armazenar e processar dados em data centers fora do Brasil, e a sua rede de distribuição de
          conteúdo atende cada acesso a partir do ponto mais próximo de quem acessa. A Meta e o Google processam os
          eventos de medição, e a Meta os avisos pelo WhatsApp, em servidores próprios, inclusive nos Estados Unidos.
        </p>
        <p>
          Essas transferências seguem o art. 33 da LGPD: são feitas com empresas que oferecem garantias contratuais de
          proteção de dados, como as cláusulas-padrão contratuais aprovadas pela ANPD (art. 33, II), ou quando
          necessárias à execução do contrato, ao cumprimento de obrigação legal ou ao exercício de direitos (art. 33,
          IX).
        </p>
      </>
    ),
  },
  {
    id: 'consulta-publica',
    title: 'Consulta pública: apenas dados mascarados',
    content: (
      <>
        <p>
          Qualquer pessoa pode consultar a situação de um processo pelo CPF, CNPJ ou protocolo. Seguindo o princípio da
          necessidade (art. 6º, III, da LGPD), a resposta mostra apenas o protocolo, a situação, as datas e o valor do
          contrato, e os dados pessoais mascarados:
        </p>
        <FactList
          facts={[
            { term: 'Nome', detail: '“Maria S.” — o primeiro nome e a inicial do último sobrenome.' },
            { term: 'E-mail', detail: '“m***@g***.com”' },
            { term: 'CPF', detail: '“***.456.789-**”' },
            { term: 'CNPJ', detail: '“**.345.678/0001-**”' },
          ]}
        />
        <p>
          O certificado Nada Consta é enviado somente ao e-mail cadastrado do cliente. Ele e a sua página pública de
          verificação mostram apenas o necessário para conferir a autenticidade do documento e se ele continua vigente,
          com os mesmos dados mascarados.
        </p>
        <p>
          O termo pesquisado não é guardado. Para impedir consultas em massa, mantemos por alguns minutos apenas
          contadores de consultas, identificados por um resumo criptográfico do termo e do endereço IP, nunca pelo dado
          em texto.
        </p>
      </>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos os dados',
    content: (
      <>
        <FactList
          facts={[
            {
              term: 'Conta, perfil, contratos, evidências de assinatura e dados do processo',
              detail:
                'Enquanto a conta existir e o contrato estiver em vigor e, depois do término, por 5 anos — prazo de prescrição das ações de reparação de danos do consumidor (art. 27 do Código de Defesa do Consumidor) — ou enquanto houver processo judicial ou administrativo em curso.',
            },
            {
              term: 'Pagamentos e registros fiscais e contábeis',
              detail: 'Pelo prazo da legislação tributária e contábil, em regra 5 anos.',
            },
            {
              term: 'Registros de acesso (IP, data e hora)',
              detail:
                'No mínimo 6 meses, como exige o art. 15 do Marco Civil da Internet (Lei nº 12.965/2014), e no máximo 12 meses, quando são excluídos automaticamente.',
            },
            {
              term: 'Registros técnicos de funcionamento do sistema',
              detail: 'De 1 a 3 meses, conforme o componente.',
            },
            {
              term: 'Indicações e e-mails convidados',
              detail:
                'Enquanto existir a conta de quem indicou. Quem foi convidado pode pedir a exclusão do seu e-mail a qualquer momento.',
            },
            {
              term: 'Certificados Nada Consta',
              detail: 'Enquanto existir a conta do cliente; são excluídos com ela.',
            },
            {
              term: 'Registros temporários de segurança',
              detail:
                'Excluídos automaticamente depois de vencidos: contadores de limite de consultas e de pedidos (minutos), link mágico (válido por 15 minutos), controle de pedidos de recuperação de senha (1 minuto), conexões em tempo real com a área do cliente (2 horas), controle de envio de avisos por e-mail (7 dias) e notificações de pagamento recebidas do Asaas (30 dias). A exclusão automática pode levar alguns dias após o vencimento.',
            },
            {
              term: 'Cópias de segurança (backups)',
              detail: 'Até 35 dias; dados excluídos deixam de existir nas cópias ao fim desse prazo.',
            },
            {
              term: 'Cookies do pixel',
              detail: 'Pelo prazo definido pela Meta (o cookie _fbp dura até 90 dias) ou até você apagá-los.',
            },
          ]}
        />
        <p>
          Ao fim desses prazos, os dados são eliminados ou anonimizados. Quando você pede a exclusão dos seus dados — ou
          um administrador exclui a sua conta —, cancelamos as cobranças em aberto e removemos o seu cadastro no Asaas,
          e removemos perfil, contratos, cobranças, processos, indicações e documentos dos nossos sistemas. Guardamos
          apenas o que a lei nos obriga ou permite guardar para cumprir obrigações e defender direitos (art. 16 da
          LGPD): havendo contrato assinado ou pagamento recebido (mesmo se estornado depois), o contrato, as evidências
          da assinatura, os pagamentos e os dados do cadastro ligados a eles são mantidos pelos prazos acima — 5 anos
          após o fim da relação (art. 27 do Código de Defesa do Consumidor) e, para os pagamentos, até 1º de janeiro do
          sexto ano seguinte ao do pagamento (arts. 173 e 174 do Código Tributário Nacional) — e então excluídos; os
          registros de acesso são mantidos pelos prazos acima; e o Asaas guarda os registros dos pagamentos que
          processou, conforme as obrigações dele.
        </p>
        <p>
          Cancelar o contrato — pelo botão Cancelar contrato da página Contrato, em até {CANCELLATION_WINDOW_DAYS} dias
          corridos da assinatura e antes do protocolo — também não apaga esses registros: o contrato cancelado e o
          estorno, pedido ao Asaas no ato, ficam guardados pelos mesmos prazos, como prova do que foi contratado e
          devolvido. No estorno, {refundRoutesSentence()}.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Como protegemos os dados',
    content: (
      <>
        <ul>
          <li>
            conexões criptografadas (HTTPS) e dados criptografados no banco de dados e no armazenamento de documentos;
          </li>
          <li>
            acesso restrito: cada parte do sistema acessa apenas os dados de que precisa, e só a equipe autorizada entra
            na área administrativa;
          </li>
          <li>
            senhas guardadas pelo serviço de autenticação, nunca em texto; links de acesso de uso único e curta
            validade;
          </li>
          <li>verificações de segurança e limites de requisições contra robôs e abusos;</li>
          <li>dados pessoais mascarados na consulta pública;</li>
          <li>registros de acesso e cópias de segurança para investigar incidentes e recuperar dados.</li>
        </ul>
        <p>
          Nenhum sistema é totalmente invulnerável. Se ocorrer um incidente de segurança que possa acarretar risco ou
          dano relevante, comunicaremos a ANPD e as pessoas afetadas, como determina o art. 48 da LGPD.
        </p>
      </>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos',
    content: (
      <>
        <p>A LGPD (art. 18) garante a você, a qualquer momento e sem custo:</p>
        <ul>
          <li>a confirmação da existência de tratamento dos seus dados;</li>
          <li>o acesso aos dados;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
            desconformidade com a LGPD;
          </li>
          <li>
            a portabilidade dos dados a outro fornecedor de serviço ou produto, mediante requisição expressa, conforme a
            regulamentação da ANPD;
          </li>
          <li>
            a eliminação dos dados tratados com base no seu consentimento, ressalvados os casos de guarda previstos no
            art. 16;
          </li>
          <li>a informação sobre as entidades públicas e privadas com as quais compartilhamos os seus dados;</li>
          <li>a informação sobre a possibilidade de não dar consentimento e sobre as consequências da negativa;</li>
          <li>a revogação do consentimento;</li>
          <li>
            a oposição a tratamento feito com base em outra hipótese legal, em caso de descumprimento da LGPD (art. 18,
            § 2º);
          </li>
          <li>a revisão de decisões tomadas unicamente com base em tratamento automatizado (art. 20).</li>
        </ul>
        <p>
          Você também pode peticionar contra o controlador à Autoridade Nacional de Proteção de Dados (ANPD) e aos
          órgãos de defesa do consumidor (art. 18, §§ 1º e 8º).
        </p>
      </>
    ),
  },
  {
    id: 'como-exercer',
    title: 'Como exercer seus direitos',
    content: (
      <>
        <p>
          Clientes com perfil salvo podem exercer os principais direitos sozinhos, na área do cliente, em{' '}
          <strong>Meu Perfil → Meus dados</strong>:
        </p>
        <ul>
          <li>
            <strong>Baixar meus dados</strong> (acesso e portabilidade): baixa na hora uma cópia de todos os dados que
            guardamos sobre você — perfil, contratos com as evidências da assinatura, cobranças, processos e histórico,
            indicações, certificados, comunicações enviadas, registros de segurança e ações da nossa equipe sobre o seu
            cadastro —, em formato JSON, para levar a outro serviço, ou em uma versão para leitura (HTML). Os contratos
            e certificados em PDF vêm como links que valem por 15 minutos.
          </li>
          <li>
            <strong>Solicitar exclusão</strong> (eliminação): registra o pedido com um protocolo (no formato
            LGPD-AAAAMMDD-XXXXXXXX), que aparece na página e chega por e-mail. Há um pedido aberto por vez; pedir de
            novo mostra o mesmo protocolo. Atendemos em até 15 dias: sem contrato assinado nem pagamento, excluímos
            todos os seus dados e a sua conta; havendo, excluímos de imediato o que não precisamos guardar (convites de
            indicação não aceitos, registros de acesso à área do cliente, de link mágico e de recuperação de senha) e
            guardamos o contrato, as evidências da assinatura, os pagamentos e os dados do cadastro ligados a eles pelos
            prazos de <a href="#retencao">Por quanto tempo guardamos os dados</a>, excluindo-os ao fim deles. Do pedido,
            guardamos apenas o protocolo, as datas e a situação, como prova de que foi atendido.
          </li>
        </ul>
        <p>Para os demais direitos, ou se não puder usar a área do cliente:</p>
        <ol>
          <li>
            Escreva para <ServiceEmailLink subject={DATA_SUBJECT_SUBJECT} />, de preferência a partir do e-mail da sua
            conta, dizendo qual direito deseja exercer.
          </li>
          <li>
            Para proteger os seus dados, confirmaremos a sua identidade antes de atender: podemos pedir que você
            responda a partir do e-mail cadastrado ou que confirme alguns dados do cadastro. Nunca pedimos a sua senha.
          </li>
          <li>
            Respondemos em até 15 dias. A confirmação de existência e o acesso em formato simplificado podem ser
            imediatos, e a declaração completa é fornecida em até 15 dias do seu pedido (art. 19 da LGPD). Se não
            pudermos atender, explicaremos o motivo (art. 18, § 4º).
          </li>
        </ol>
        <p>
          A maior parte dos dados do perfil pode ser corrigida por você mesmo, na página Meu Perfil da área do cliente.
        </p>
        <LegalNotice title="Reclamação à ANPD">
          <p>
            Se não ficar satisfeito com a nossa resposta, você pode apresentar reclamação à Autoridade Nacional de
            Proteção de Dados em <a href="https://www.gov.br/anpd/pt-br">gov.br/anpd</a>.
          </p>
        </LegalNotice>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e armazenamento local',
    content: (
      <>
        <p>Usamos cookies e o armazenamento do navegador apenas para o seguinte:</p>
        <FactList
          facts={[
            {
              term: 'Sessão de login',
              detail: (
                <>
                  Armazenamento local (chaves que começam com <code>CognitoIdentityServiceProvider</code>). Mantém você
                  conectado à área do cliente; é necessário ao serviço e é apagado quando você sai da conta.
                </>
              ),
            },
            {
              term: (
                <>
                  <code>referral_ref</code> e <code>referral_invite</code>
                </>
              ),
              detail:
                'Armazenamento local. Guardam o código de indicação e o código do convite do link pelo qual você chegou, até a criação do seu perfil, quando são apagados.',
            },
            {
              term: (
                <>
                  Cookies do pixel da Meta (<code>_fbp</code>, <code>_fbc</code>)
                </>
              ),
              detail:
                'Medem visitas e conversões das campanhas de marketing. Funcionam apenas no site público em produção e, quando exigido, somente com o seu consentimento.',
            },
          ]}
        />
        <p>
          Não usamos outros cookies de publicidade. Você pode apagar os cookies e o armazenamento local e bloquear
          cookies de terceiros nas configurações do navegador: apagar a sessão desconecta você da área do cliente, e
          bloquear os cookies do pixel não afeta o uso do serviço. Também é possível ajustar as suas preferências de
          anúncios nas contas da Meta e do Google.
        </p>
      </>
    ),
  },
  {
    id: 'criancas',
    title: 'Crianças e adolescentes',
    content: (
      <p>
        O serviço é destinado a maiores de 18 anos e a empresas representadas por maiores de 18 anos. Não tratamos
        intencionalmente dados de crianças e adolescentes; se soubermos que recebemos dados de alguém com menos de 18
        anos, eles serão eliminados, salvo quando a lei exigir a sua guarda. Se souber de algum caso, avise-nos pelo
        e-mail de contato.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações desta Política',
    content: (
      <p>
        Podemos atualizar esta Política para refletir mudanças no serviço ou na lei; a data da última atualização fica
        no topo da página. Mudanças relevantes, como novas finalidades ou novos compartilhamentos, serão informadas por
        e-mail e no site antes de entrarem em vigor e, quando o tratamento depender do seu consentimento, pediremos um
        novo consentimento.
      </p>
    ),
  },
  {
    id: 'contato',
    title: 'Contato',
    content: (
      <>
        <p>
          Dúvidas sobre esta Política ou sobre os seus dados: escreva para{' '}
          <ServiceEmailLink subject="Privacidade (LGPD)" />.
        </p>
        <ProviderIdentity />
      </>
    ),
  },
];
