import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This policy explains what information Pictura handles when you use the site, why, and the choices you have. Pictura can be run by anyone on their own servers; "we" means the operator of the site you are using.',
    sections: [
      {
        id: 'information',
        heading: 'Information we handle',
        paragraphs: [
          'Without an account you can generate and upscale images; we then handle only the prompt, the options and any image you send, for as long as it takes to create your result.',
          'If you create an account we keep your username, a hashed password or the name, e-mail address and picture that Google shares when you sign in with Google.',
          'If you choose to keep a history, publish to the community gallery or subscribe to a plan, we keep those images, posts, likes, reports and payment records with your account.',
        ],
      },
      {
        id: 'use',
        heading: 'How we use it',
        paragraphs: [
          'We use your information to create the images you ask for, to show your history and posts, to run your subscription, to keep the service safe from abuse and to answer your requests for support.',
          'We do not sell your personal information and we do not use your prompts or images to train models.',
        ],
      },
      {
        id: 'payments',
        heading: 'Payments',
        paragraphs: [
          'Payments are handled by our payment provider. We receive the order and subscription identifiers and the plan you chose, never your full card number.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies and local storage',
        paragraphs: [
          'We store a few small items in your browser: your sign-in token, your language, your theme, the state of the side navigation and your cookie choice. A short-lived cookie is used only while you complete Google sign-in.',
          'You can accept or decline optional cookies in the banner at any time by clearing your browser storage. See the Cookie Policy for details.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Sharing',
        paragraphs: [
          'Images you publish to the community gallery are public. Otherwise we share information only with the service providers that run the site for us (hosting, payments, e-mail), or when the law requires it.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        paragraphs: [
          'Images made without an account are removed after they have been delivered. Account data, history and posts are kept until you delete them or your account; deleting your account removes your history, posts and likes.',
        ],
      },
      {
        id: 'security',
        heading: 'Security',
        paragraphs: [
          'Passwords are stored only as strong hashes, connections are encrypted, and each part of the service can read only its own data. No system is perfectly secure, so please use a password you do not use elsewhere.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        paragraphs: [
          'You can see, correct, download or delete your information from your account settings, or ask us to do it for you. Depending on where you live you may also object to processing or complain to a data protection authority.',
        ],
      },
      {
        id: 'children',
        heading: 'Children',
        paragraphs: [
          'Pictura is not meant for children under 13, and we do not knowingly collect their information.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes and contact',
        paragraphs: [
          'We will post any change to this policy on this page with a new date. Questions about privacy can be sent through the contact page.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro:
      'These terms apply when you use Pictura. By using the site you agree to them; if you do not agree, please do not use it.',
    sections: [
      {
        id: 'service',
        heading: 'The service',
        paragraphs: [
          'Pictura creates images from text prompts, enlarges images about four times with AI detail enhancement, keeps a personal history for signed-in users and hosts a community gallery. Basic generation is free and needs no registration.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Accounts',
        paragraphs: [
          'You may sign in with Google or with a username and password. You are responsible for what happens under your account and for keeping your password safe.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Acceptable use',
        paragraphs: [
          'Do not use Pictura to create or share content that is illegal, that sexualises minors, that harasses or impersonates real people, or that infringes the rights of others. Do not attack, overload or scrape the service.',
          'Images that may not suit public viewing are marked, and we may remove posts and suspend accounts that break these rules.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Your prompts and images',
        paragraphs: [
          'You keep whatever rights you have in your prompts and uploads. You may use the images you create for any lawful purpose, including commercial use.',
          'When you publish to the community gallery you allow us to show that image, its prompt and its title to other visitors until you delete the post.',
        ],
      },
      {
        id: 'plans',
        heading: 'Plans and payments',
        paragraphs: [
          'Paid plans are billed monthly or yearly in advance at the prices shown on the pricing page. You can upgrade or cancel at any time from your account settings; a cancelled subscription runs to the end of its period.',
          'All sales are non-refundable, except where the law requires otherwise. Enterprise plans are agreed with our sales team.',
        ],
      },
      {
        id: 'availability',
        heading: 'Availability',
        paragraphs: [
          'We work to keep Pictura running, but it is provided as it is, without a promise that it will always be available, error-free or that results will meet your expectations.',
        ],
      },
      {
        id: 'liability',
        heading: 'Limitation of liability',
        paragraphs: [
          'To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the amount you paid us in the twelve months before the claim.',
        ],
      },
      {
        id: 'termination',
        heading: 'Ending your use',
        paragraphs: [
          'You can stop using Pictura and delete your account at any time. We may suspend or close accounts that break these terms.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes',
        paragraphs: [
          'We may update these terms. The date at the top shows the latest version; continuing to use the site after a change means you accept it.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        paragraphs: ['Questions about these terms can be sent through the contact page.'],
      },
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    intro: 'This page lists the cookies and browser storage that Pictura uses and how you can control them.',
    sections: [
      {
        id: 'essential',
        heading: 'Essential storage',
        paragraphs: [
          'Your sign-in token and cached profile keep you signed in. Your language, theme and side-navigation state remember your preferences. Your cookie choice remembers whether you accepted or declined.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Sign-in cookie',
        paragraphs: [
          'When you sign in with Google, a short-lived cookie carries a one-time code back to the site. It is removed as soon as you are signed in, and after two minutes at the latest.',
        ],
      },
      {
        id: 'offline',
        heading: 'Offline cache',
        paragraphs: [
          'To load faster and work offline, the site keeps a copy of its own files and of recently viewed images in your browser. Old images are removed automatically.',
        ],
      },
      {
        id: 'choices',
        heading: 'Your choices',
        paragraphs: [
          'Declining in the cookie banner keeps only the essential storage. You can change your mind at any time by clearing this site’s data in your browser settings.',
        ],
      },
    ],
  },
  about: {
    intro:
      'Pictura is an AI image studio that anyone can use in a browser: describe a picture and it paints it, or give it a small photo and it enlarges it four times with new detail.',
    sections: [
      {
        id: 'mission',
        heading: 'Why we built it',
        paragraphs: [
          'Making images with AI should not need a powerful computer, a complicated setup or a credit card. Pictura keeps the basics free and unlimited, with no registration, and lets you use what you make, commercially too.',
        ],
      },
      {
        id: 'how',
        heading: 'How it works',
        paragraphs: [
          'A fast open image model turns your prompt and options into pictures in seconds, and an AI upscaler restores fine detail when it enlarges an image. Paid plans add speed, privacy and priority for people who create a lot.',
        ],
      },
      {
        id: 'open',
        heading: 'Open and self-hostable',
        paragraphs: [
          'Pictura can be run on your own servers, with your own models, so a team can keep its images inside its own walls. The Enterprise plan adds custom models, integrations and dedicated support.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Welcome to Pictura',
      summary: 'A free AI image studio in your browser: what you can do with it today.',
      minutes: 2,
      paragraphs: [
        'Pictura turns a sentence into a picture. Type what you see in your head, choose a style, a colour mood and the lighting, and press Generate: a few seconds later your images are ready to download.',
        'You do not need an account for that, and there is no daily limit. When you sign in you also get a history of everything you made, favourites, and the community gallery, where you can publish your best work and see what others create.',
        'The upscaler enlarges any image four times and sharpens it on the way. Upload a photo or paste a link, drag the slider to compare before and after, and download the result.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Five habits for better prompts',
      summary: 'Small changes in how you describe a scene make a big difference to the result.',
      minutes: 3,
      paragraphs: [
        'Start with the subject, then the setting, then the mood: "a red fox, in a snowy birch forest, at dawn". The model reads the beginning of the prompt most closely.',
        'Use the options instead of long lists of words. A style such as watercolour or pixel art, a colour tone and a lighting choice do more, more reliably, than piling adjectives into the prompt.',
        'Say what you do not want in the negative prompt: blurry, text, watermark, extra fingers. Keep the seed when you find a result you like, and change one word at a time to explore around it.',
        'Finally, look at the examples gallery: every example has a Create Similar button that copies its prompt and options into the generator, so you can start from something that works.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'How 4x AI upscaling works',
      summary: 'Why an AI upscaler gives sharper results than simply stretching a picture.',
      minutes: 3,
      paragraphs: [
        'Stretching an image four times in an ordinary editor makes each pixel into a block of sixteen, and the picture turns soft. An AI upscaler has learned what edges, textures and faces usually look like, and draws in plausible detail instead.',
        'Pictura splits a large image into tiles, enlarges each one with the model and blends them back together, so even big photos fit in memory. The progress bar shows the tiles as they are done.',
        'Upscaling works best on images that are small but clean. Very noisy or heavily compressed pictures improve too, but the model may sharpen some of the noise along with the detail.',
      ],
    },
  ],
};

export default content;
