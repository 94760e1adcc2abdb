import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      "Cette politique explique quelles informations Pictura traite lorsque vous utilisez le site, pourquoi, et quels choix s'offrent à vous. Chacun peut faire tourner Pictura sur ses propres serveurs ; « nous » désigne l'exploitant du site que vous utilisez.",
    sections: [
      {
        id: 'information',
        heading: 'Informations traitées',
        paragraphs: [
          "Sans compte, vous pouvez générer et agrandir des images ; nous ne traitons alors que la description, les options et l'image envoyée, le temps de créer votre résultat.",
          "Si vous créez un compte, nous conservons votre nom d'utilisateur et un mot de passe haché, ou le nom, l'adresse e-mail et la photo que Google partage lorsque vous vous connectez avec Google.",
          "Si vous choisissez de garder un historique, de publier dans la galerie de la communauté ou de souscrire une offre, nous conservons ces images, publications, mentions j'aime, signalements et paiements avec votre compte.",
        ],
      },
      {
        id: 'use',
        heading: 'Utilisation',
        paragraphs: [
          "Nous utilisons vos informations pour créer les images demandées, afficher votre historique et vos publications, gérer votre abonnement, protéger le service contre les abus et répondre à vos demandes d'assistance.",
          "Nous ne vendons pas vos informations personnelles et n'utilisons pas vos descriptions ni vos images pour entraîner des modèles.",
        ],
      },
      {
        id: 'payments',
        heading: 'Paiements',
        paragraphs: [
          "Les paiements sont traités par notre prestataire de paiement. Nous recevons les identifiants de commande et d'abonnement ainsi que l'offre choisie, jamais votre numéro de carte complet.",
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies et stockage local',
        paragraphs: [
          "Nous enregistrons quelques petites données dans votre navigateur : votre jeton de connexion, votre langue, votre thème, l'état de la navigation latérale et votre choix concernant les cookies. Un cookie de courte durée n'est utilisé que pendant la connexion avec Google.",
          "Vous pouvez accepter ou refuser les cookies facultatifs dans le bandeau, et changer d'avis à tout moment en effaçant le stockage de votre navigateur. Voir la Politique relative aux cookies pour plus de détails.",
        ],
      },
      {
        id: 'sharing',
        heading: 'Partage',
        paragraphs: [
          "Les images publiées dans la galerie de la communauté sont publiques. Pour le reste, nous ne partageons des informations qu'avec les prestataires qui exploitent le site pour nous (hébergement, paiements, e-mail) ou lorsque la loi l'exige.",
        ],
      },
      {
        id: 'retention',
        heading: 'Durée de conservation',
        paragraphs: [
          "Les images créées sans compte sont supprimées après leur livraison. Les données du compte, l'historique et les publications sont conservés jusqu'à ce que vous les supprimiez ou supprimiez votre compte ; la suppression du compte efface votre historique, vos publications et vos mentions j'aime.",
        ],
      },
      {
        id: 'security',
        heading: 'Sécurité',
        paragraphs: [
          "Les mots de passe ne sont stockés que sous forme de hachages robustes, les connexions sont chiffrées et chaque partie du service ne peut lire que ses propres données. Aucun système n'est parfaitement sûr : utilisez un mot de passe que vous n'utilisez nulle part ailleurs.",
        ],
      },
      {
        id: 'rights',
        heading: 'Vos droits',
        paragraphs: [
          'Vous pouvez consulter, corriger, télécharger ou supprimer vos informations depuis les paramètres de votre compte, ou nous demander de le faire. Selon votre lieu de résidence, vous pouvez aussi vous opposer au traitement ou saisir une autorité de protection des données.',
        ],
      },
      {
        id: 'children',
        heading: 'Enfants',
        paragraphs: [
          "Pictura n'est pas destiné aux enfants de moins de 13 ans, et nous ne collectons pas sciemment leurs informations.",
        ],
      },
      {
        id: 'changes',
        heading: 'Modifications et contact',
        paragraphs: [
          'Toute modification de cette politique sera publiée sur cette page avec une nouvelle date. Vos questions sur la confidentialité peuvent être envoyées via la page de contact.',
        ],
      },
    ],
  },
  terms: {
    title: "Conditions d'utilisation",
    intro:
      "Ces conditions s'appliquent lorsque vous utilisez Pictura. En utilisant le site, vous les acceptez ; si vous n'êtes pas d'accord, ne l'utilisez pas.",
    sections: [
      {
        id: 'service',
        heading: 'Le service',
        paragraphs: [
          'Pictura crée des images à partir de descriptions textuelles, agrandit des images environ quatre fois avec amélioration des détails par IA, conserve un historique personnel pour les utilisateurs connectés et héberge une galerie communautaire. La génération de base est gratuite et sans inscription.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Comptes',
        paragraphs: [
          "Vous pouvez vous connecter avec Google ou avec un nom d'utilisateur et un mot de passe. Vous êtes responsable de ce qui se passe avec votre compte et de la protection de votre mot de passe.",
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Utilisation acceptable',
        paragraphs: [
          "N'utilisez pas Pictura pour créer ou partager des contenus illégaux, sexualisant des mineurs, harcelant ou usurpant l'identité de personnes réelles, ou portant atteinte aux droits d'autrui. N'attaquez pas, ne surchargez pas et n'aspirez pas le service.",
          'Les images pouvant ne pas convenir à tous les publics sont signalées, et nous pouvons retirer des publications et suspendre les comptes qui enfreignent ces règles.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Vos descriptions et images',
        paragraphs: [
          'Vous conservez les droits que vous détenez sur vos descriptions et vos fichiers importés. Vous pouvez utiliser les images que vous créez à toute fin licite, y compris commerciale.',
          "En publiant dans la galerie de la communauté, vous nous autorisez à montrer cette image, sa description et son titre aux autres visiteurs jusqu'à ce que vous supprimiez la publication.",
        ],
      },
      {
        id: 'plans',
        heading: 'Offres et paiements',
        paragraphs: [
          "Les offres payantes sont facturées d'avance, au mois ou à l'année, aux prix affichés sur la page des tarifs. Vous pouvez changer d'offre ou résilier à tout moment depuis les paramètres de votre compte ; un abonnement résilié court jusqu'à la fin de sa période.",
          "Aucune vente n'est remboursable, sauf lorsque la loi l'impose. Les offres Entreprise sont convenues avec notre équipe commerciale.",
        ],
      },
      {
        id: 'availability',
        heading: 'Disponibilité',
        paragraphs: [
          "Nous faisons en sorte que Pictura fonctionne, mais il est fourni en l'état, sans garantie qu'il soit toujours disponible, exempt d'erreurs, ni que les résultats répondent à vos attentes.",
        ],
      },
      {
        id: 'liability',
        heading: 'Limitation de responsabilité',
        paragraphs: [
          'Dans la mesure permise par la loi, nous ne sommes pas responsables des pertes indirectes ou consécutives, et notre responsabilité totale est limitée au montant que vous nous avez payé au cours des douze mois précédant la réclamation.',
        ],
      },
      {
        id: 'termination',
        heading: "Fin de l'utilisation",
        paragraphs: [
          "Vous pouvez cesser d'utiliser Pictura et supprimer votre compte à tout moment. Nous pouvons suspendre ou fermer les comptes qui enfreignent ces conditions.",
        ],
      },
      {
        id: 'changes',
        heading: 'Modifications',
        paragraphs: [
          'Nous pouvons mettre à jour ces conditions. La date en haut indique la dernière version ; continuer à utiliser le site après une modification vaut acceptation.',
        ],
      },
      {
        id: 'contact',
        heading: 'Nous contacter',
        paragraphs: ['Les questions sur ces conditions peuvent être envoyées via la page de contact.'],
      },
    ],
  },
  cookies: {
    title: 'Politique relative aux cookies',
    intro:
      'Cette page liste les cookies et le stockage du navigateur utilisés par Pictura, et la façon de les contrôler.',
    sections: [
      {
        id: 'essential',
        heading: 'Stockage essentiel',
        paragraphs: [
          "Votre jeton de connexion et votre profil en cache vous gardent connecté. Votre langue, votre thème et l'état de la navigation latérale mémorisent vos préférences. Votre choix concernant les cookies mémorise si vous avez accepté ou refusé.",
        ],
      },
      {
        id: 'sign-in',
        heading: 'Cookie de connexion',
        paragraphs: [
          'Lorsque vous vous connectez avec Google, un cookie de courte durée rapporte un code à usage unique au site. Il est supprimé dès que vous êtes connecté, et au plus tard après deux minutes.',
        ],
      },
      {
        id: 'offline',
        heading: 'Cache hors ligne',
        paragraphs: [
          'Pour charger plus vite et fonctionner hors ligne, le site garde dans votre navigateur une copie de ses propres fichiers et des images vues récemment. Les anciennes images sont supprimées automatiquement.',
        ],
      },
      {
        id: 'choices',
        heading: 'Vos choix',
        paragraphs: [
          "Refuser dans le bandeau ne conserve que le stockage essentiel. Vous pouvez changer d'avis à tout moment en effaçant les données de ce site dans les paramètres de votre navigateur.",
        ],
      },
    ],
  },
  about: {
    intro:
      "Pictura est un studio d'images IA que chacun peut utiliser dans son navigateur : décrivez une image et il la peint, ou donnez-lui une petite photo et il l'agrandit quatre fois avec de nouveaux détails.",
    sections: [
      {
        id: 'mission',
        heading: "Pourquoi nous l'avons créé",
        paragraphs: [
          "Créer des images avec l'IA ne devrait demander ni ordinateur puissant, ni installation compliquée, ni carte bancaire. Pictura garde l'essentiel gratuit et illimité, sans inscription, et vous laisse utiliser vos créations, y compris commercialement.",
        ],
      },
      {
        id: 'how',
        heading: 'Comment ça marche',
        paragraphs: [
          "Un modèle d'image ouvert et rapide transforme votre description et vos options en images en quelques secondes, et un agrandisseur IA restaure les détails fins lorsqu'il agrandit une image. Les offres payantes ajoutent vitesse, confidentialité et priorité pour celles et ceux qui créent beaucoup.",
        ],
      },
      {
        id: 'open',
        heading: 'Ouvert et auto-hébergeable',
        paragraphs: [
          "Pictura peut tourner sur vos propres serveurs, avec vos propres modèles, pour qu'une équipe garde ses images chez elle. L'offre Entreprise ajoute des modèles sur mesure, des intégrations et une assistance dédiée.",
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Bienvenue sur Pictura',
      summary: "Un studio d'images IA gratuit dans votre navigateur : ce que vous pouvez déjà en faire.",
      minutes: 2,
      paragraphs: [
        "Pictura transforme une phrase en image. Écrivez ce que vous voyez dans votre tête, choisissez un style, une ambiance de couleur et l'éclairage, puis appuyez sur Générer : quelques secondes plus tard, vos images sont prêtes à être téléchargées.",
        "Pas besoin de compte pour cela, et aucune limite quotidienne. Une fois connecté, vous disposez aussi d'un historique de tout ce que vous avez créé, de favoris et de la galerie de la communauté, où publier vos meilleures créations et découvrir celles des autres.",
        "L'agrandisseur multiplie par quatre la taille de n'importe quelle image et la rend plus nette au passage. Importez une photo ou collez un lien, faites glisser le curseur pour comparer avant et après, puis téléchargez le résultat.",
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Cinq habitudes pour de meilleures descriptions',
      summary: 'De petits changements dans la façon de décrire une scène font une grande différence.',
      minutes: 3,
      paragraphs: [
        "Commencez par le sujet, puis le décor, puis l'ambiance : « un renard roux, dans une forêt de bouleaux enneigée, à l'aube ». Le modèle lit le début de la description avec le plus d'attention.",
        "Utilisez les options plutôt que de longues listes de mots. Un style comme l'aquarelle ou le pixel art, un ton de couleur et un éclairage font plus, et plus sûrement, qu'une accumulation d'adjectifs.",
        'Indiquez ce que vous ne voulez pas dans la description négative : flou, texte, filigrane, doigts en trop. Gardez la graine quand un résultat vous plaît, et changez un mot à la fois pour explorer autour.',
        "Enfin, parcourez la galerie d'exemples : chaque exemple a un bouton Créer similaire qui copie sa description et ses options dans le générateur, pour partir de quelque chose qui fonctionne.",
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: "Comment fonctionne l'agrandissement IA 4x",
      summary: "Pourquoi un agrandisseur IA donne des résultats plus nets qu'un simple étirement.",
      minutes: 3,
      paragraphs: [
        "Étirer une image quatre fois dans un éditeur ordinaire transforme chaque pixel en un bloc de seize, et l'image devient floue. Un agrandisseur IA a appris à quoi ressemblent d'habitude les contours, les textures et les visages, et dessine à la place des détails plausibles.",
        'Pictura découpe une grande image en tuiles, agrandit chacune avec le modèle puis les rassemble, si bien que même les grandes photos tiennent en mémoire. La barre de progression montre les tuiles au fur et à mesure.',
        "L'agrandissement donne les meilleurs résultats sur des images petites mais propres. Les photos très bruitées ou fortement compressées s'améliorent aussi, mais le modèle peut accentuer une partie du bruit avec les détails.",
      ],
    },
  ],
};

export default content;
