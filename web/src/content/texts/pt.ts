import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Política de privacidade',
    intro:
      'Esta política explica que informações o Pictura trata quando usa o site, porquê, e que escolhas tem. Qualquer pessoa pode executar o Pictura nos seus próprios servidores; «nós» é o operador do site que está a usar.',
    sections: [
      {
        id: 'information',
        heading: 'Informações que tratamos',
        paragraphs: [
          'Sem conta, pode gerar e ampliar imagens; nesse caso só tratamos a descrição, as opções e a imagem que enviar, durante o tempo necessário para criar o resultado.',
          'Se criar uma conta, guardamos o seu nome de utilizador e uma palavra-passe com hash, ou o nome, o e-mail e a fotografia que o Google partilha quando inicia sessão com o Google.',
          'Se optar por manter um histórico, publicar na galeria da comunidade ou subscrever um plano, guardamos essas imagens, publicações, gostos, denúncias e registos de pagamento com a sua conta.',
        ],
      },
      {
        id: 'use',
        heading: 'Como as usamos',
        paragraphs: [
          'Usamos as suas informações para criar as imagens que pede, mostrar o seu histórico e publicações, gerir a sua subscrição, proteger o serviço contra abusos e responder aos seus pedidos de suporte.',
          'Não vendemos as suas informações pessoais nem usamos as suas descrições ou imagens para treinar modelos.',
        ],
      },
      {
        id: 'payments',
        heading: 'Pagamentos',
        paragraphs: [
          'Os pagamentos são processados pelo nosso fornecedor de pagamentos. Recebemos os identificadores da encomenda e da subscrição e o plano escolhido, nunca o número completo do seu cartão.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies e armazenamento local',
        paragraphs: [
          'Guardamos alguns pequenos dados no seu navegador: o token de sessão, o idioma, o tema, o estado da navegação lateral e a sua escolha sobre cookies. Só é usado um cookie de curta duração enquanto conclui o início de sessão com o Google.',
          'Pode aceitar ou recusar cookies opcionais no aviso e mudar de ideias a qualquer momento limpando o armazenamento do navegador. Consulte a Política de cookies para mais pormenores.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Partilha',
        paragraphs: [
          'As imagens que publica na galeria da comunidade são públicas. Fora isso, só partilhamos informações com os prestadores que gerem o site por nós (alojamento, pagamentos, e-mail) ou quando a lei o exige.',
        ],
      },
      {
        id: 'retention',
        heading: 'Durante quanto tempo as guardamos',
        paragraphs: [
          'As imagens criadas sem conta são removidas depois de entregues. Os dados da conta, o histórico e as publicações são guardados até os eliminar ou eliminar a conta; eliminar a conta remove o histórico, as publicações e os gostos.',
        ],
      },
      {
        id: 'security',
        heading: 'Segurança',
        paragraphs: [
          'As palavras-passe só são guardadas como hashes fortes, as ligações são cifradas e cada parte do serviço só consegue ler os seus próprios dados. Nenhum sistema é totalmente seguro, por isso use uma palavra-passe que não utilize noutros sítios.',
        ],
      },
      {
        id: 'rights',
        heading: 'Os seus direitos',
        paragraphs: [
          'Pode ver, corrigir, transferir ou eliminar as suas informações nas definições da conta, ou pedir-nos que o façamos por si. Consoante o local onde vive, pode também opor-se ao tratamento ou apresentar queixa a uma autoridade de proteção de dados.',
        ],
      },
      {
        id: 'children',
        heading: 'Crianças',
        paragraphs: [
          'O Pictura não se destina a crianças com menos de 13 anos e não recolhemos intencionalmente as suas informações.',
        ],
      },
      {
        id: 'changes',
        heading: 'Alterações e contacto',
        paragraphs: [
          'Publicaremos qualquer alteração a esta política nesta página com uma nova data. As questões sobre privacidade podem ser enviadas através da página de contacto.',
        ],
      },
    ],
  },
  terms: {
    title: 'Termos de serviço',
    intro:
      'Estes termos aplicam-se quando usa o Pictura. Ao usar o site, aceita-os; se não concordar, não o use.',
    sections: [
      {
        id: 'service',
        heading: 'O serviço',
        paragraphs: [
          'O Pictura cria imagens a partir de descrições de texto, amplia imagens cerca de quatro vezes com melhoria de detalhe por IA, guarda um histórico pessoal para utilizadores com sessão iniciada e aloja uma galeria da comunidade. A geração básica é gratuita e não exige registo.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Contas',
        paragraphs: [
          'Pode iniciar sessão com o Google ou com um nome de utilizador e uma palavra-passe. É responsável pelo que acontece na sua conta e por manter a palavra-passe em segurança.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Utilização aceitável',
        paragraphs: [
          'Não use o Pictura para criar ou partilhar conteúdos ilegais, que sexualizem menores, que assediem ou se façam passar por pessoas reais, ou que violem direitos de terceiros. Não ataque, sobrecarregue nem extraia dados do serviço de forma automatizada.',
          'As imagens que podem não ser adequadas a todos os públicos são assinaladas, e podemos remover publicações e suspender contas que violem estas regras.',
        ],
      },
      {
        id: 'your-content',
        heading: 'As suas descrições e imagens',
        paragraphs: [
          'Mantém os direitos que tiver sobre as suas descrições e carregamentos. Pode usar as imagens que cria para qualquer fim lícito, incluindo uso comercial.',
          'Ao publicar na galeria da comunidade, permite-nos mostrar essa imagem, a sua descrição e o seu título a outros visitantes até eliminar a publicação.',
        ],
      },
      {
        id: 'plans',
        heading: 'Planos e pagamentos',
        paragraphs: [
          'Os planos pagos são cobrados antecipadamente, mensal ou anualmente, aos preços indicados na página de preços. Pode mudar de plano ou cancelar a qualquer momento nas definições da conta; uma subscrição cancelada mantém-se até ao fim do período.',
          'Nenhuma venda é reembolsável, exceto quando a lei determinar o contrário. Os planos Enterprise são acordados com a nossa equipa de vendas.',
        ],
      },
      {
        id: 'availability',
        heading: 'Disponibilidade',
        paragraphs: [
          'Trabalhamos para manter o Pictura a funcionar, mas é fornecido tal como está, sem garantia de estar sempre disponível, sem erros ou de que os resultados correspondam às suas expectativas.',
        ],
      },
      {
        id: 'liability',
        heading: 'Limitação de responsabilidade',
        paragraphs: [
          'Na medida permitida por lei, não somos responsáveis por perdas indiretas ou consequenciais, e a nossa responsabilidade total limita-se ao montante que nos pagou nos doze meses anteriores à reclamação.',
        ],
      },
      {
        id: 'termination',
        heading: 'Fim da utilização',
        paragraphs: [
          'Pode deixar de usar o Pictura e eliminar a sua conta a qualquer momento. Podemos suspender ou encerrar contas que violem estes termos.',
        ],
      },
      {
        id: 'changes',
        heading: 'Alterações',
        paragraphs: [
          'Podemos atualizar estes termos. A data no topo indica a versão mais recente; continuar a usar o site após uma alteração significa aceitá-la.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contacto',
        paragraphs: ['As questões sobre estes termos podem ser enviadas através da página de contacto.'],
      },
    ],
  },
  cookies: {
    title: 'Política de cookies',
    intro:
      'Esta página enumera os cookies e o armazenamento do navegador que o Pictura usa e como pode controlá-los.',
    sections: [
      {
        id: 'essential',
        heading: 'Armazenamento essencial',
        paragraphs: [
          'O token de sessão e o perfil em cache mantêm a sua sessão iniciada. O idioma, o tema e o estado da navegação lateral lembram as suas preferências. A sua escolha sobre cookies lembra se aceitou ou recusou.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Cookie de início de sessão',
        paragraphs: [
          'Quando inicia sessão com o Google, um cookie de curta duração leva um código de utilização única de volta ao site. É removido assim que inicia sessão e, no máximo, ao fim de dois minutos.',
        ],
      },
      {
        id: 'offline',
        heading: 'Cache offline',
        paragraphs: [
          'Para carregar mais depressa e funcionar sem ligação, o site guarda no navegador uma cópia dos seus próprios ficheiros e das imagens vistas recentemente. As imagens antigas são removidas automaticamente.',
        ],
      },
      {
        id: 'choices',
        heading: 'As suas escolhas',
        paragraphs: [
          'Se recusar no aviso de cookies, só o armazenamento essencial é mantido. Pode mudar de ideias a qualquer momento limpando os dados deste site nas definições do navegador.',
        ],
      },
    ],
  },
  about: {
    intro:
      'O Pictura é um estúdio de imagens com IA que qualquer pessoa pode usar no navegador: descreva uma imagem e ele pinta-a, ou dê-lhe uma fotografia pequena e ele amplia-a quatro vezes com novos detalhes.',
    sections: [
      {
        id: 'mission',
        heading: 'Porque o criámos',
        paragraphs: [
          'Criar imagens com IA não devia exigir um computador potente, uma instalação complicada nem um cartão de crédito. O Pictura mantém o essencial gratuito e ilimitado, sem registo, e deixa-o usar o que cria, também comercialmente.',
        ],
      },
      {
        id: 'how',
        heading: 'Como funciona',
        paragraphs: [
          'Um modelo de imagem aberto e rápido transforma a sua descrição e as suas opções em imagens em segundos, e um ampliador com IA recupera os pormenores finos ao aumentar uma imagem. Os planos pagos acrescentam velocidade, privacidade e prioridade para quem cria muito.',
        ],
      },
      {
        id: 'open',
        heading: 'Aberto e auto-alojável',
        paragraphs: [
          'O Pictura pode correr nos seus próprios servidores, com os seus próprios modelos, para que uma equipa mantenha as imagens em casa. O plano Enterprise acrescenta modelos personalizados, integrações e suporte dedicado.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Bem-vindo ao Pictura',
      summary: 'Um estúdio de imagens com IA gratuito no navegador: o que já pode fazer com ele.',
      minutes: 2,
      paragraphs: [
        'O Pictura transforma uma frase numa imagem. Escreva o que vê na sua cabeça, escolha um estilo, um ambiente de cor e a iluminação, e prima Gerar: segundos depois, as suas imagens estão prontas a transferir.',
        'Não precisa de conta para isso e não há limite diário. Com sessão iniciada tem também um histórico de tudo o que criou, favoritos e a galeria da comunidade, onde pode publicar os seus melhores trabalhos e ver o que outros criam.',
        'O ampliador torna qualquer imagem quatro vezes maior e mais nítida pelo caminho. Carregue uma fotografia ou cole um link, arraste o controlo deslizante para comparar o antes e o depois e transfira o resultado.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Cinco hábitos para melhores descrições',
      summary: 'Pequenas mudanças na forma de descrever uma cena fazem uma grande diferença no resultado.',
      minutes: 3,
      paragraphs: [
        'Comece pelo tema, depois o cenário e por fim o ambiente: «uma raposa-vermelha, num bosque de bétulas com neve, ao amanhecer». O modelo lê com mais atenção o início da descrição.',
        'Use as opções em vez de longas listas de palavras. Um estilo como aguarela ou pixel art, um tom de cor e uma iluminação fazem mais, e com mais fiabilidade, do que acumular adjetivos.',
        'Diga o que não quer na descrição negativa: desfocado, texto, marca de água, dedos a mais. Guarde a semente quando encontrar um resultado de que gosta e mude uma palavra de cada vez para explorar à volta.',
        'Por fim, veja a galeria de exemplos: cada exemplo tem um botão Criar semelhante que copia a descrição e as opções para o gerador, para começar a partir de algo que funciona.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'Como funciona a ampliação 4x com IA',
      summary:
        'Porque é que um ampliador com IA dá resultados mais nítidos do que simplesmente esticar uma imagem.',
      minutes: 3,
      paragraphs: [
        'Esticar uma imagem quatro vezes num editor comum transforma cada píxel num bloco de dezasseis, e a imagem fica suave. Um ampliador com IA aprendeu como costumam ser os contornos, as texturas e os rostos, e desenha em vez disso pormenores plausíveis.',
        'O Pictura divide uma imagem grande em mosaicos, amplia cada um com o modelo e volta a juntá-los, para que até fotografias grandes caibam na memória. A barra de progresso mostra os mosaicos à medida que ficam prontos.',
        'A ampliação funciona melhor com imagens pequenas mas limpas. Fotografias com muito ruído ou muito comprimidas também melhoram, mas o modelo pode realçar parte do ruído juntamente com os pormenores.',
      ],
    },
  ],
};

export default content;
