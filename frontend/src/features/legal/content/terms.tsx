import { SiteLink as Link } from '@/components/site-link';
import { COMPANY } from '@/lib/company';
import {
  CONTRACT_PRICE,
  formatBRL,
  REFERRAL_DISCOUNT_PER_FRIEND,
  REFERRALS_PER_FREE_RENEWAL,
} from '@domain/pricing.js';
import { BOLETO_DUE_DAYS, priceSentence, refundRoutesSentence } from '@domain/payment-methods.js';
import { CANCELLATION_WINDOW_DAYS, PIX_DUE_DAYS, PROCESSING_BUSINESS_DAYS } from '@domain/deadlines.js';
import { LegalNotice, ProviderIdentity, ServiceEmailLink } from '../components/legal-blocks';
import type { LegalSection } from '../components/legal-document';

/*
 * Termos de Uso (/termos). LEGAL REVIEW: an engineering draft that the company's lawyer must review and approve before
 * launch (see content/updated-at.ts). It must stay consistent with the signed contract (domain/contract-text.ts):
 * service of means (clause 2), filing deadline (3), price (4), cancellation and refund (7: the 'Cancelar contrato'
 * button, REFUND_ROUTES), forum (9); the contract page's dialog and the 'Contrato cancelado' e-mail say the same.
 * The withdrawal wording (CDC art. 49 vs. "no refund once filed") and the refund deadline are the points to check first.
 */

const PRICE = formatBRL(CONTRACT_PRICE);

export const TERMS_LEAD =
  'Leia com atenção antes de contratar: estes Termos explicam o que o serviço faz — e o que não faz —, quanto custa, como desistir e quais são os seus direitos e as suas obrigações.';

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'quem-somos',
    title: 'Quem somos e o que estes Termos regulam',
    content: (
      <>
        <p>
          Estes Termos de Uso regulam o uso do site {COMPANY.brand}, da área do cliente e da consulta pública, e a
          contratação do serviço oferecido por:
        </p>
        <ProviderIdentity />
        <p>
          Ao criar sua conta, você declara que leu e aceitou estes Termos e a{' '}
          <Link to="/privacidade">Política de Privacidade</Link>. A contratação se formaliza pelo Contrato de Prestação
          de Serviços, assinado digitalmente na área do cliente; se houver diferença entre estes Termos e o contrato que
          você assinou, prevalece o contrato.
        </p>
      </>
    ),
  },
  {
    id: 'servico',
    title: 'O serviço',
    content: (
      <>
        <p>
          Prestamos um serviço de intermediação e consultoria: preparamos uma petição personalizada e um(a) advogado(a)
          regularmente inscrito(a) na Ordem dos Advogados do Brasil (OAB) a protocola na Justiça, pedindo uma tutela
          provisória (liminar) que determine a baixa temporária dos apontamentos em seu nome nos órgãos de proteção ao
          crédito SPC, SERASA, BOA VISTA e SCPC.
        </p>
        <p>O serviço não é:</p>
        <ul>
          <li>
            pagamento, quitação, renegociação ou perdão de dívidas: as dívidas que deram origem aos apontamentos
            continuam existindo e podem ser cobradas pelos credores;
          </li>
          <li>concessão de crédito, nem garantia de que você obterá crédito;</li>
          <li>
            promessa de resultado: o serviço é de meio, e a decisão sobre o pedido cabe exclusivamente ao Poder
            Judiciário.
          </li>
        </ul>
        <LegalNotice title="A baixa é temporária">
          <p>
            Quando deferida, a baixa é temporária e pode deixar de valer a qualquer momento — por exemplo, pela
            revogação da liminar, por uma decisão final no processo ou por um fato novo. Não há garantia de deferimento
            nem de quanto tempo a baixa vai durar, e não assumimos a obrigação de refazer o pedido se ela cair. Um novo
            pedido exige um novo contrato (renovação).
          </p>
        </LegalNotice>
        <p>
          Você acompanha cada etapa pela área do cliente, pelos e-mails que enviamos a cada mudança de situação e pela{' '}
          <Link to="/consultar">consulta pública</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'conta',
    title: 'Quem pode contratar e sua conta',
    content: (
      <ul>
        <li>
          Podem contratar pessoas físicas maiores de 18 anos e civilmente capazes, com CPF próprio, e pessoas jurídicas
          com CNPJ, representadas por quem tenha poderes para contratar em nome delas.
        </li>
        <li>
          Cada CPF ou CNPJ pode ter um único cadastro. Depois que o perfil é salvo, o tipo e o número do documento não
          podem ser alterados pela plataforma; para corrigi-los, fale conosco.
        </li>
        <li>
          Para criar a conta, você informa um e-mail e uma senha e confirma o cadastro pelo link enviado ao seu e-mail.
          Você também pode entrar por um link mágico, de uso único, enviado ao mesmo endereço.
        </li>
        <li>
          A conta é pessoal. Guarde sua senha, não a compartilhe e proteja o acesso ao seu e-mail, pois quem o controla
          pode entrar na conta. Avise-nos imediatamente se suspeitar de uso indevido.
        </li>
        <li>
          Você responde pelo que for feito na sua conta com a sua senha ou pelos links enviados ao seu e-mail, salvo se
          o uso indevido decorrer de falha nossa.
        </li>
      </ul>
    ),
  },
  {
    id: 'obrigacoes',
    title: 'Suas obrigações',
    content: (
      <>
        <p>Ao contratar, você se compromete a:</p>
        <ul>
          <li>
            fornecer dados verdadeiros, completos e atualizados (nome, CPF ou CNPJ, endereço, telefone e e-mail),
            respondendo civil e criminalmente por sua veracidade;
          </li>
          <li>informar apenas os seus próprios dados ou os da empresa que você representa;</li>
          <li>
            manter seus dados atualizados na área do cliente e o e-mail cadastrado acessível, pois é por ele que
            enviamos os avisos do processo;
          </li>
          <li>
            responder às solicitações de informações ou documentos no prazo indicado, já que a falta deles pode atrasar
            ou impedir o protocolo;
          </li>
          <li>informar se já existe ação judicial sobre os mesmos apontamentos;</li>
          <li>pagar o valor do serviço na forma destes Termos e do contrato.</li>
        </ul>
        <p>
          Dados falsos, incompletos ou de outra pessoa podem levar à recusa ou ao indeferimento do pedido e ao
          encerramento da conta.
        </p>
      </>
    ),
  },
  {
    id: 'preco',
    title: 'Preço e pagamento',
    content: (
      <>
        <p>
          O serviço custa <strong>{priceSentence()}</strong>, valor único por contrato. Não há mensalidade, honorários
          de êxito nem outras taxas relativas ao mesmo protocolo.
        </p>
        <p>
          O pagamento é processado pelo Asaas, intermediador de pagamentos que gera a cobrança: o PIX (QR Code e código
          copia e cola), o boleto ou a página de pagamento com cartão do próprio Asaas (os dados do cartão nunca passam
          por nós). Você escolhe a forma de pagamento na página Pagamento, depois de assinar o contrato, e a confirmação
          do pagamento é automática.
        </p>
        <p>
          Cada cobrança PIX vence em {PIX_DUE_DAYS} dias corridos, e cada boleto em {BOLETO_DUE_DAYS} dias. Se a
          cobrança vencer sem pagamento, basta gerar uma nova na mesma página; nada é devido pela cobrança vencida.
        </p>
        <p>
          Uma renovação — um novo pedido depois do primeiro — é um novo contrato, pelo mesmo preço, salvo quando você
          usa uma renovação gratuita do <a href="#indicacoes">programa de indicação</a>.
        </p>
      </>
    ),
  },
  {
    id: 'prazo',
    title: 'Prazo de execução',
    content: (
      <>
        <p>
          O pedido é protocolado em até <strong>{PROCESSING_BUSINESS_DAYS} dias úteis</strong> contados da confirmação
          do pagamento ou da aprovação dos documentos que você envia na área do cliente, o que ocorrer por último, desde
          que seus dados estejam completos e corretos. Dias úteis excluem sábados, domingos e feriados nacionais e do
          estado de Minas Gerais.
        </p>
        <p>
          A previsão de protocolo aparece na área do cliente. Depois do protocolo, os prazos de análise e de decisão do
          Poder Judiciário e de cumprimento da ordem pelos órgãos de proteção ao crédito não dependem de nós.
        </p>
      </>
    ),
  },
  {
    id: 'contrato',
    title: 'Contrato digital',
    content: (
      <>
        <p>
          Ao salvar seu perfil, geramos o Contrato de Prestação de Serviços com os seus dados. Leia-o com atenção na
          página Contrato antes de assinar. A assinatura é feita pelo botão “Assinar Contrato Digitalmente” e vale como
          assinatura eletrônica simples (art. 10, § 2º, da Medida Provisória nº 2.200-2/2001 e Lei nº 14.063/2020).
        </p>
        <p>
          Para comprovar a autoria e a integridade da assinatura, registramos a data e a hora, o endereço IP, a
          localização aproximada (cidade, estado e país, estimados a partir da conexão), o navegador e um resumo
          criptográfico (SHA-256) do texto assinado. Um contrato assinado não pode ser alterado nem assinado de novo;
          você pode consultá-lo e salvá-lo em PDF a qualquer momento na área do cliente.
        </p>
        <p>
          O tratamento desses dados está descrito na <Link to="/privacidade">Política de Privacidade</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'arrependimento',
    title: 'Direito de arrependimento e cancelamento',
    content: (
      <>
        <p>
          Você pode desistir da contratação em até <strong>{CANCELLATION_WINDOW_DAYS} dias corridos</strong> contados da
          assinatura do contrato, sem precisar justificar, como garante o art. 49 do Código de Defesa do Consumidor,
          desde que o pedido ainda não tenha sido protocolado (cláusula 7 do contrato).
        </p>
        <p>
          Para desistir, entre na área do cliente, abra a página <strong>Contrato</strong> e use o botão{' '}
          <strong>Cancelar contrato</strong>: o cancelamento vale na hora, e a página mostra até quando ele está
          disponível. Se não conseguir entrar na sua conta, escreva para{' '}
          <ServiceEmailLink subject="Desistência da contratação" /> a partir do e-mail da sua conta, informando o número
          do protocolo. O que acontece depende da etapa em que o pedido está:
        </p>
        <ul>
          <li>
            <strong>Antes do pagamento:</strong> o contrato é cancelado, a cobrança em aberto é cancelada e nada é
            cobrado.
          </li>
          <li>
            <strong>Depois do pagamento e antes do protocolo:</strong> o contrato é cancelado, o pedido não é
            protocolado e o estorno integral do valor pago é pedido no mesmo momento: {refundRoutesSentence()}. Você
            recebe por e-mail o valor e a data prevista.
          </li>
          <li>
            <strong>Depois do protocolo:</strong> o pedido já foi apresentado à Justiça em seu nome, não pode ser
            desfeito por nós, e o serviço contratado — preparar e protocolar a petição — está prestado. Por isso, como
            prevê a cláusula 7 do contrato, não há reembolso depois do protocolo, qualquer que seja a decisão judicial.
          </li>
        </ul>
        <LegalNotice title="Vale o momento do seu pedido">
          <p>
            O protocolo pode acontecer dentro dos {CANCELLATION_WINDOW_DAYS} dias. Se você cancelar antes do protocolo,
            o pedido não será protocolado e o reembolso será integral; depois dele, a página Contrato deixa de oferecer
            o cancelamento. Avisamos por e-mail assim que o pedido é protocolado.
          </p>
        </LegalNotice>
        <p>
          Uma renovação gratuita cancelada não gera cobrança nem estorno: o benefício volta a ficar disponível para
          você.
        </p>
        <p>
          Passado o prazo de {CANCELLATION_WINDOW_DAYS} dias, se o pedido ainda não tiver sido protocolado, fale
          conosco: o cancelamento seguirá o contrato e a legislação aplicável. Nada nestes Termos limita os direitos que
          o Código de Defesa do Consumidor lhe assegura, inclusive em caso de falha na prestação do serviço.
        </p>
      </>
    ),
  },
  {
    id: 'indicacoes',
    title: 'Programa de indicação (Indique e Ganhe)',
    content: (
      <>
        <p>
          Na página Indique e Ganhe você encontra o seu código de indicação (no formato{' '}
          <span className="legal-nowrap">REF-XXXXXX</span>) e um link para compartilhar, e pode convidar pessoas por
          e-mail.
        </p>
        <ul>
          <li>
            Uma indicação conta quando a pessoa indicada cria a conta pelo seu link ou com o seu código, completa o
            perfil e tem o pagamento do contrato confirmado.
          </li>
          <li>
            A cada <strong>{REFERRALS_PER_FREE_RENEWAL} indicações pagas</strong>, você ganha uma renovação gratuita: um
            novo pedido sem custo, no valor de {PRICE}. O benefício é creditado automaticamente e aparece na página
            Renovação.
          </li>
          <li>
            Não há desconto parcial nem pagamento em dinheiro. Valores por amigo eventualmente exibidos (como{' '}
            {formatBRL(REFERRAL_DISCOUNT_PER_FRIEND)}) apenas ilustram a proporção do benefício, que é concedido ao
            completar cada grupo de {REFERRALS_PER_FREE_RENEWAL} indicações pagas.
          </li>
          <li>
            A renovação gratuita é pessoal e intransferível, não pode ser trocada por dinheiro e segue as regras de
            qualquer contrato, inclusive a assinatura antes do início.
          </li>
          <li>
            Não é permitido indicar a si mesmo, ainda que por outro e-mail ou outra conta, nem criar cadastros falsos ou
            em nome de outras pessoas.
          </li>
          <li>
            Convide apenas pessoas que você conhece e que aceitariam receber o convite. Enviamos um único convite por
            endereço indicado e usamos esse endereço só para isso.
          </li>
          <li>
            Indicações obtidas por fraude, ou cujo pagamento seja estornado ou reembolsado, não contam, e podemos
            cancelar os benefícios correspondentes ainda não utilizados.
          </li>
          <li>
            Podemos alterar ou encerrar o programa, com aviso prévio nesta página e por e-mail; os benefícios já
            conquistados serão mantidos.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'consulta-publica',
    title: 'Consulta pública e Nada Consta',
    content: (
      <>
        <p>
          Qualquer pessoa pode consultar, em <Link to="/consultar">Consultar Processo</Link>, a situação de um processo
          pelo CPF, CNPJ ou protocolo. O resultado mostra o protocolo, a situação, as datas e o valor do contrato, e
          apenas dados pessoais mascarados — por exemplo, “Maria S.”, “m***@g***.com” e “***.456.789-**”. Ao contratar,
          você fica ciente de que quem souber o seu CPF, CNPJ ou protocolo poderá ver essas informações.
        </p>
        <p>
          Quando a baixa estiver deferida, a consulta pública permite emitir o certificado Nada Consta, em PDF. Para
          emiti-lo, é preciso informar o e-mail cadastrado do cliente, e o certificado é enviado somente a esse e-mail.
          O certificado:
        </p>
        <ul>
          <li>
            atesta a situação do processo neste serviço na data e hora da emissão; não é certidão dos órgãos de proteção
            ao crédito nem do Poder Judiciário;
          </li>
          <li>
            traz um código de verificação: quem o receber pode conferi-lo na página pública de verificação, que mostra
            se o certificado é autêntico e se continua vigente (ele deixa de estar vigente se a baixa cair);
          </li>
          <li>não pode ser alterado: um documento adulterado não tem validade, e seu uso pode configurar crime.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'uso-aceitavel',
    title: 'Uso aceitável',
    content: (
      <>
        <p>Ao usar o site, você se compromete a não:</p>
        <ul>
          <li>consultar dados de outras pessoas para fins ilícitos ou discriminatórios, ou para formar cadastros;</li>
          <li>
            fazer consultas ou requisições automatizadas (robôs, scripts, raspagem de dados) ou em volume incompatível
            com o uso pessoal;
          </li>
          <li>
            burlar as verificações de segurança, os limites de requisições ou qualquer controle de acesso, nem tentar
            acessar contas, dados ou sistemas que não sejam seus;
          </li>
          <li>usar dados, documentos ou o e-mail de outra pessoa sem autorização, ou se passar por outra pessoa;</li>
          <li>adulterar contratos, comprovantes ou certificados Nada Consta, nem usá-los para enganar alguém;</li>
          <li>enviar convites de indicação em massa ou a quem não deseja recebê-los;</li>
          <li>
            prejudicar o funcionamento do site, introduzir código malicioso ou explorar vulnerabilidades (se encontrar
            uma, avise-nos pelo e-mail de contato).
          </li>
        </ul>
        <p>
          Para proteger o serviço e quem o usa, limitamos o número de requisições e de e-mails por período. Em caso de
          violação destes Termos, podemos bloquear o acesso ou suspender a conta, comunicando você e preservando os
          direitos relativos a contratos já pagos.
        </p>
      </>
    ),
  },
  {
    id: 'responsabilidade',
    title: 'Limites de responsabilidade',
    content: (
      <>
        <p>
          Respondemos pela prestação do serviço contratado — preparar e protocolar o pedido no prazo, com técnica e
          diligência, e manter você informado —, nos termos do Código de Defesa do Consumidor.
        </p>
        <p>Não respondemos por fatos que não dependem de nós, como:</p>
        <ul>
          <li>
            o conteúdo, o prazo e a duração das decisões judiciais, incluindo o indeferimento do pedido, a revogação da
            liminar e a queda da baixa;
          </li>
          <li>
            o tempo que os órgãos de proteção ao crédito levam para cumprir a ordem judicial e novos apontamentos feitos
            por credores;
          </li>
          <li>a cobrança das dívidas pelos credores, que continua possível;</li>
          <li>as consequências de dados falsos, incompletos ou desatualizados informados por você;</li>
          <li>falhas de serviços de terceiros fora do nosso controle, como a sua conexão, o seu aparelho ou o PIX.</li>
        </ul>
        <p>
          Empregamos esforços razoáveis para manter o site disponível e seguro, mas ele pode ter interrupções para
          manutenção ou por falhas técnicas. Nada nesta seção exclui ou limita responsabilidades que a lei não permite
          excluir ou limitar.
        </p>
      </>
    ),
  },
  {
    id: 'privacidade',
    title: 'Privacidade e proteção de dados',
    content: (
      <p>
        O tratamento dos seus dados pessoais segue a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018) e está
        descrito na <Link to="/privacidade">Política de Privacidade</Link>, que faz parte destes Termos.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações destes Termos',
    content: (
      <>
        <p>
          Podemos atualizar estes Termos para refletir mudanças no serviço ou na lei; a data da última atualização fica
          no topo da página. Avisaremos as mudanças relevantes por e-mail e no site, com antecedência razoável antes de
          entrarem em vigor.
        </p>
        <p>
          Os contratos já assinados continuam regidos pelo texto que você assinou; as novas condições valem para as
          contratações feitas depois da mudança.
        </p>
      </>
    ),
  },
  {
    id: 'foro',
    title: 'Lei aplicável e foro',
    content: (
      <>
        <p>
          Estes Termos são regidos pelas leis brasileiras. Fica eleito o foro da Comarca de {COMPANY.jurisdiction} para
          resolver as questões decorrentes deles, ressalvado ao consumidor o direito de propor ação no foro do seu
          domicílio (art. 101, I, do Código de Defesa do Consumidor).
        </p>
        <p>
          Antes de recorrer à Justiça, fale conosco: a maioria das questões se resolve pelo atendimento. Você também
          pode registrar uma reclamação em <a href="https://www.consumidor.gov.br">consumidor.gov.br</a> ou no Procon da
          sua cidade.
        </p>
      </>
    ),
  },
  {
    id: 'contato',
    title: 'Contato',
    content: (
      <>
        <p>Para dúvidas, pedidos de cancelamento ou reclamações, fale com a gente:</p>
        <ProviderIdentity withWhatsapp />
      </>
    ),
  },
];
