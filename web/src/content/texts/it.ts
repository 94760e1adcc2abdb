import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Informativa sulla privacy',
    intro:
      'Questa informativa spiega quali informazioni tratta Pictura quando usi il sito, perché, e quali scelte hai. Chiunque può gestire Pictura sui propri server; «noi» indica il gestore del sito che stai usando.',
    sections: [
      {
        id: 'information',
        heading: 'Informazioni trattate',
        paragraphs: [
          "Senza account puoi generare e ingrandire immagini; in quel caso trattiamo solo la descrizione, le opzioni e l'eventuale immagine inviata, per il tempo necessario a creare il risultato.",
          "Se crei un account conserviamo il tuo nome utente e una password cifrata con hash, oppure il nome, l'indirizzo e-mail e la foto che Google condivide quando accedi con Google.",
          'Se scegli di conservare una cronologia, pubblicare nella galleria della community o abbonarti a un piano, conserviamo con il tuo account quelle immagini, i post, i mi piace, le segnalazioni e i pagamenti.',
        ],
      },
      {
        id: 'use',
        heading: 'Come le usiamo',
        paragraphs: [
          "Usiamo le tue informazioni per creare le immagini richieste, mostrare cronologia e post, gestire l'abbonamento, proteggere il servizio dagli abusi e rispondere alle richieste di assistenza.",
          'Non vendiamo le tue informazioni personali e non usiamo le tue descrizioni o immagini per addestrare modelli.',
        ],
      },
      {
        id: 'payments',
        heading: 'Pagamenti',
        paragraphs: [
          "I pagamenti sono gestiti dal nostro fornitore di pagamenti. Riceviamo gli identificativi dell'ordine e dell'abbonamento e il piano scelto, mai il numero completo della tua carta.",
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookie e archiviazione locale',
        paragraphs: [
          "Salviamo alcuni piccoli dati nel tuo browser: il token di accesso, la lingua, il tema, lo stato della navigazione laterale e la scelta sui cookie. Un cookie di breve durata viene usato solo mentre completi l'accesso con Google.",
          'Puoi accettare o rifiutare i cookie facoltativi nel banner e cambiare idea in qualsiasi momento cancellando i dati del browser. Per i dettagli consulta la Cookie policy.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Condivisione',
        paragraphs: [
          'Le immagini pubblicate nella galleria della community sono pubbliche. Per il resto condividiamo informazioni solo con i fornitori che gestiscono il sito per nostro conto (hosting, pagamenti, e-mail) o quando la legge lo richiede.',
        ],
      },
      {
        id: 'retention',
        heading: 'Per quanto tempo le conserviamo',
        paragraphs: [
          "Le immagini create senza account vengono rimosse dopo la consegna. Dati dell'account, cronologia e post restano finché non li elimini o non elimini l'account; l'eliminazione dell'account cancella cronologia, post e mi piace.",
        ],
      },
      {
        id: 'security',
        heading: 'Sicurezza',
        paragraphs: [
          'Le password sono conservate solo come hash robusti, le connessioni sono cifrate e ogni parte del servizio può leggere solo i propri dati. Nessun sistema è perfettamente sicuro, quindi usa una password che non usi altrove.',
        ],
      },
      {
        id: 'rights',
        heading: 'I tuoi diritti',
        paragraphs: [
          "Puoi vedere, correggere, scaricare o eliminare le tue informazioni dalle impostazioni dell'account, o chiederci di farlo per te. A seconda di dove vivi puoi anche opporti al trattamento o presentare reclamo a un'autorità per la protezione dei dati.",
        ],
      },
      {
        id: 'children',
        heading: 'Minori',
        paragraphs: [
          'Pictura non è destinato ai minori di 13 anni e non raccogliamo consapevolmente le loro informazioni.',
        ],
      },
      {
        id: 'changes',
        heading: 'Modifiche e contatti',
        paragraphs: [
          'Pubblicheremo ogni modifica a questa informativa su questa pagina con una nuova data. Le domande sulla privacy possono essere inviate tramite la pagina dei contatti.',
        ],
      },
    ],
  },
  terms: {
    title: 'Termini di servizio',
    intro:
      "Questi termini si applicano quando usi Pictura. Usando il sito li accetti; se non sei d'accordo, non usarlo.",
    sections: [
      {
        id: 'service',
        heading: 'Il servizio',
        paragraphs: [
          "Pictura crea immagini da descrizioni testuali, ingrandisce le immagini circa quattro volte con il miglioramento dei dettagli tramite IA, conserva una cronologia personale per gli utenti che hanno effettuato l'accesso e ospita una galleria della community. La generazione di base è gratuita e non richiede registrazione.",
        ],
      },
      {
        id: 'accounts',
        heading: 'Account',
        paragraphs: [
          'Puoi accedere con Google oppure con nome utente e password. Sei responsabile di ciò che accade con il tuo account e di mantenere sicura la tua password.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Uso consentito',
        paragraphs: [
          'Non usare Pictura per creare o condividere contenuti illegali, che sessualizzano minori, che molestano o impersonano persone reali o che violano i diritti altrui. Non attaccare, sovraccaricare o estrarre dati in massa dal servizio.',
          'Le immagini che potrebbero non essere adatte a tutti vengono segnalate e possiamo rimuovere post e sospendere account che violano queste regole.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Le tue descrizioni e immagini',
        paragraphs: [
          'Mantieni i diritti che hai sulle tue descrizioni e sui file caricati. Puoi usare le immagini che crei per qualsiasi scopo lecito, anche commerciale.',
          "Pubblicando nella galleria della community ci permetti di mostrare quell'immagine, la sua descrizione e il suo titolo agli altri visitatori finché non elimini il post.",
        ],
      },
      {
        id: 'plans',
        heading: 'Piani e pagamenti',
        paragraphs: [
          "I piani a pagamento sono addebitati in anticipo, mensilmente o annualmente, ai prezzi indicati nella pagina dei prezzi. Puoi passare a un piano superiore o annullare in qualsiasi momento dalle impostazioni dell'account; un abbonamento annullato resta valido fino alla fine del periodo.",
          'Nessuna vendita è rimborsabile, salvo quando la legge disponga diversamente. I piani Enterprise si concordano con il nostro team vendite.',
        ],
      },
      {
        id: 'availability',
        heading: 'Disponibilità',
        paragraphs: [
          "Lavoriamo perché Pictura funzioni, ma è fornito così com'è, senza garanzia che sia sempre disponibile, privo di errori o che i risultati soddisfino le tue aspettative.",
        ],
      },
      {
        id: 'liability',
        heading: 'Limitazione di responsabilità',
        paragraphs: [
          'Nei limiti consentiti dalla legge non rispondiamo di perdite indirette o consequenziali e la nostra responsabilità complessiva è limitata a quanto ci hai pagato nei dodici mesi precedenti la richiesta.',
        ],
      },
      {
        id: 'termination',
        heading: "Fine dell'uso",
        paragraphs: [
          'Puoi smettere di usare Pictura ed eliminare il tuo account in qualsiasi momento. Possiamo sospendere o chiudere gli account che violano questi termini.',
        ],
      },
      {
        id: 'changes',
        heading: 'Modifiche',
        paragraphs: [
          'Possiamo aggiornare questi termini. La data in alto indica la versione più recente; continuare a usare il sito dopo una modifica significa accettarla.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contatti',
        paragraphs: ['Le domande su questi termini possono essere inviate tramite la pagina dei contatti.'],
      },
    ],
  },
  cookies: {
    title: 'Cookie policy',
    intro:
      "Questa pagina elenca i cookie e l'archiviazione del browser usati da Pictura e come puoi gestirli.",
    sections: [
      {
        id: 'essential',
        heading: 'Archiviazione essenziale',
        paragraphs: [
          'Il token di accesso e il profilo in cache ti mantengono connesso. Lingua, tema e stato della navigazione laterale ricordano le tue preferenze. La scelta sui cookie ricorda se hai accettato o rifiutato.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Cookie di accesso',
        paragraphs: [
          "Quando accedi con Google, un cookie di breve durata riporta al sito un codice monouso. Viene rimosso appena hai effettuato l'accesso e al più tardi dopo due minuti.",
        ],
      },
      {
        id: 'offline',
        heading: 'Cache offline',
        paragraphs: [
          'Per caricarsi più velocemente e funzionare offline, il sito conserva nel browser una copia dei propri file e delle immagini viste di recente. Le immagini vecchie vengono rimosse automaticamente.',
        ],
      },
      {
        id: 'choices',
        heading: 'Le tue scelte',
        paragraphs: [
          "Rifiutando nel banner dei cookie resta solo l'archiviazione essenziale. Puoi cambiare idea in qualsiasi momento cancellando i dati di questo sito nelle impostazioni del browser.",
        ],
      },
    ],
  },
  about: {
    intro:
      "Pictura è uno studio di immagini con IA che chiunque può usare nel browser: descrivi un'immagine e la dipinge, oppure dagli una piccola foto e la ingrandisce quattro volte con nuovi dettagli.",
    sections: [
      {
        id: 'mission',
        heading: "Perché l'abbiamo creato",
        paragraphs: [
          "Creare immagini con l'IA non dovrebbe richiedere un computer potente, un'installazione complicata o una carta di credito. Pictura mantiene le funzioni di base gratuite e illimitate, senza registrazione, e ti permette di usare ciò che crei, anche a fini commerciali.",
        ],
      },
      {
        id: 'how',
        heading: 'Come funziona',
        paragraphs: [
          "Un modello di immagini aperto e veloce trasforma la tua descrizione e le tue opzioni in immagini in pochi secondi, e un ingranditore con IA ripristina i dettagli fini quando ingrandisce un'immagine. I piani a pagamento aggiungono velocità, privacy e priorità per chi crea molto.",
        ],
      },
      {
        id: 'open',
        heading: 'Aperto e installabile in proprio',
        paragraphs: [
          'Pictura può girare sui tuoi server, con i tuoi modelli, così un team può tenere le proprie immagini in casa. Il piano Enterprise aggiunge modelli personalizzati, integrazioni e assistenza dedicata.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Benvenuto su Pictura',
      summary: 'Uno studio di immagini con IA gratuito nel browser: cosa puoi farci già oggi.',
      minutes: 2,
      paragraphs: [
        "Pictura trasforma una frase in un'immagine. Scrivi ciò che vedi nella tua mente, scegli uno stile, un'atmosfera di colore e l'illuminazione, e premi Genera: pochi secondi dopo le tue immagini sono pronte da scaricare.",
        "Per farlo non serve un account e non c'è un limite giornaliero. Dopo l'accesso hai anche una cronologia di tutto ciò che hai creato, i preferiti e la galleria della community, dove pubblicare i lavori migliori e vedere cosa creano gli altri.",
        "L'ingranditore rende qualsiasi immagine quattro volte più grande e la rende più nitida. Carica una foto o incolla un link, trascina il cursore per confrontare prima e dopo e scarica il risultato.",
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Cinque abitudini per descrizioni migliori',
      summary: 'Piccoli cambiamenti nel modo di descrivere una scena fanno una grande differenza.',
      minutes: 3,
      paragraphs: [
        "Comincia dal soggetto, poi l'ambientazione, poi l'atmosfera: «una volpe rossa, in un bosco di betulle innevato, all'alba». Il modello legge con più attenzione l'inizio della descrizione.",
        "Usa le opzioni invece di lunghi elenchi di parole. Uno stile come l'acquerello o la pixel art, un tono di colore e un'illuminazione fanno di più, e in modo più affidabile, che accumulare aggettivi.",
        'Indica ciò che non vuoi nella descrizione negativa: sfocato, testo, filigrana, dita in più. Conserva il seed quando trovi un risultato che ti piace e cambia una parola alla volta per esplorare le varianti.',
        'Infine, guarda la galleria di esempi: ogni esempio ha un pulsante Crea simile che copia la sua descrizione e le sue opzioni nel generatore, così parti da qualcosa che funziona.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: "Come funziona l'ingrandimento IA 4x",
      summary: 'Perché un ingranditore con IA dà risultati più nitidi del semplice stiramento.',
      minutes: 3,
      paragraphs: [
        "Stirare un'immagine quattro volte in un normale editor trasforma ogni pixel in un blocco di sedici e l'immagine diventa morbida. Un ingranditore con IA ha imparato come appaiono di solito bordi, texture e volti, e disegna al loro posto dettagli plausibili.",
        "Pictura divide un'immagine grande in tasselli, ingrandisce ciascuno con il modello e poi li riunisce, così anche le foto grandi entrano in memoria. La barra di avanzamento mostra i tasselli man mano che sono pronti.",
        "L'ingrandimento funziona meglio con immagini piccole ma pulite. Anche le foto molto rumorose o molto compresse migliorano, ma il modello può accentuare parte del rumore insieme ai dettagli.",
      ],
    },
  ],
};

export default content;
