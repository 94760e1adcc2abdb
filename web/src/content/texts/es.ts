import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Política de privacidad',
    intro:
      'Esta política explica qué información trata Pictura cuando usas el sitio, por qué y qué opciones tienes. Cualquiera puede ejecutar Pictura en sus propios servidores; «nosotros» es el operador del sitio que estás usando.',
    sections: [
      {
        id: 'information',
        heading: 'Información que tratamos',
        paragraphs: [
          'Sin cuenta puedes generar y ampliar imágenes; en ese caso solo tratamos la descripción, las opciones y la imagen que envíes durante el tiempo necesario para crear tu resultado.',
          'Si creas una cuenta, guardamos tu nombre de usuario y una contraseña cifrada, o el nombre, el correo electrónico y la foto que Google comparte cuando inicias sesión con Google.',
          'Si decides conservar un historial, publicar en la galería de la comunidad o suscribirte a un plan, guardamos esas imágenes, publicaciones, me gusta, denuncias y registros de pago con tu cuenta.',
        ],
      },
      {
        id: 'use',
        heading: 'Cómo la usamos',
        paragraphs: [
          'Usamos tu información para crear las imágenes que pides, mostrar tu historial y tus publicaciones, gestionar tu suscripción, proteger el servicio frente a abusos y responder a tus solicitudes de soporte.',
          'No vendemos tu información personal ni usamos tus descripciones o imágenes para entrenar modelos.',
        ],
      },
      {
        id: 'payments',
        heading: 'Pagos',
        paragraphs: [
          'Los pagos los gestiona nuestro proveedor de pagos. Recibimos los identificadores del pedido y de la suscripción y el plan que elegiste, nunca el número completo de tu tarjeta.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies y almacenamiento local',
        paragraphs: [
          'Guardamos algunos datos pequeños en tu navegador: tu token de sesión, tu idioma, tu tema, el estado de la navegación lateral y tu elección sobre cookies. Solo usamos una cookie de corta duración mientras completas el inicio de sesión con Google.',
          'Puedes aceptar o rechazar las cookies opcionales en el aviso y cambiar de opinión cuando quieras borrando el almacenamiento del navegador. Consulta la Política de cookies para más detalles.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Compartir información',
        paragraphs: [
          'Las imágenes que publicas en la galería de la comunidad son públicas. Fuera de eso, solo compartimos información con los proveedores que gestionan el sitio por nosotros (alojamiento, pagos, correo electrónico) o cuando la ley lo exige.',
        ],
      },
      {
        id: 'retention',
        heading: 'Cuánto tiempo la conservamos',
        paragraphs: [
          'Las imágenes creadas sin cuenta se eliminan después de entregarse. Los datos de la cuenta, el historial y las publicaciones se conservan hasta que los borras o eliminas tu cuenta; al eliminar la cuenta se borran tu historial, tus publicaciones y tus me gusta.',
        ],
      },
      {
        id: 'security',
        heading: 'Seguridad',
        paragraphs: [
          'Las contraseñas solo se guardan como hashes robustos, las conexiones van cifradas y cada parte del servicio solo puede leer sus propios datos. Ningún sistema es perfectamente seguro, así que usa una contraseña que no utilices en otros sitios.',
        ],
      },
      {
        id: 'rights',
        heading: 'Tus derechos',
        paragraphs: [
          'Puedes ver, corregir, descargar o eliminar tu información desde los ajustes de tu cuenta, o pedirnos que lo hagamos por ti. Según dónde vivas, también puedes oponerte al tratamiento o reclamar ante una autoridad de protección de datos.',
        ],
      },
      {
        id: 'children',
        heading: 'Menores',
        paragraphs: [
          'Pictura no está pensado para menores de 13 años y no recopilamos su información de forma consciente.',
        ],
      },
      {
        id: 'changes',
        heading: 'Cambios y contacto',
        paragraphs: [
          'Publicaremos cualquier cambio de esta política en esta página con una nueva fecha. Puedes enviar tus preguntas sobre privacidad a través de la página de contacto.',
        ],
      },
    ],
  },
  terms: {
    title: 'Términos del servicio',
    intro:
      'Estos términos se aplican cuando usas Pictura. Al usar el sitio los aceptas; si no estás de acuerdo, no lo uses.',
    sections: [
      {
        id: 'service',
        heading: 'El servicio',
        paragraphs: [
          'Pictura crea imágenes a partir de descripciones de texto, amplía imágenes unas cuatro veces con mejora de detalles por IA, guarda un historial personal para los usuarios con sesión iniciada y aloja una galería de la comunidad. La generación básica es gratuita y no requiere registro.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Cuentas',
        paragraphs: [
          'Puedes iniciar sesión con Google o con un nombre de usuario y una contraseña. Eres responsable de lo que ocurra con tu cuenta y de mantener tu contraseña a salvo.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Uso aceptable',
        paragraphs: [
          'No uses Pictura para crear o compartir contenido ilegal, que sexualice a menores, que acose o suplante a personas reales o que infrinja derechos de terceros. No ataques, sobrecargues ni extraigas datos del servicio de forma masiva.',
          'Las imágenes que pueden no ser aptas para todo el público se marcan, y podemos retirar publicaciones y suspender cuentas que incumplan estas normas.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Tus descripciones e imágenes',
        paragraphs: [
          'Conservas los derechos que tengas sobre tus descripciones y archivos subidos. Puedes usar las imágenes que creas para cualquier fin lícito, incluido el uso comercial.',
          'Al publicar en la galería de la comunidad nos permites mostrar esa imagen, su descripción y su título a otros visitantes hasta que borres la publicación.',
        ],
      },
      {
        id: 'plans',
        heading: 'Planes y pagos',
        paragraphs: [
          'Los planes de pago se cobran por adelantado, mensual o anualmente, a los precios que figuran en la página de precios. Puedes mejorar o cancelar tu plan en cualquier momento desde los ajustes de tu cuenta; una suscripción cancelada sigue vigente hasta el final de su periodo.',
          'Ninguna venta es reembolsable, salvo que la ley disponga lo contrario. Los planes Enterprise se acuerdan con nuestro equipo de ventas.',
        ],
      },
      {
        id: 'availability',
        heading: 'Disponibilidad',
        paragraphs: [
          'Trabajamos para que Pictura funcione, pero se ofrece tal cual, sin garantía de que esté siempre disponible, libre de errores o de que los resultados cumplan tus expectativas.',
        ],
      },
      {
        id: 'liability',
        heading: 'Limitación de responsabilidad',
        paragraphs: [
          'En la medida en que la ley lo permita, no respondemos de daños indirectos o consecuentes, y nuestra responsabilidad total se limita a lo que nos hayas pagado en los doce meses anteriores a la reclamación.',
        ],
      },
      {
        id: 'termination',
        heading: 'Fin del uso',
        paragraphs: [
          'Puedes dejar de usar Pictura y eliminar tu cuenta en cualquier momento. Podemos suspender o cerrar las cuentas que incumplan estos términos.',
        ],
      },
      {
        id: 'changes',
        heading: 'Cambios',
        paragraphs: [
          'Podemos actualizar estos términos. La fecha de arriba indica la versión más reciente; si sigues usando el sitio tras un cambio, lo aceptas.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contacto',
        paragraphs: ['Puedes enviar tus preguntas sobre estos términos a través de la página de contacto.'],
      },
    ],
  },
  cookies: {
    title: 'Política de cookies',
    intro:
      'Esta página enumera las cookies y el almacenamiento del navegador que usa Pictura y cómo puedes controlarlos.',
    sections: [
      {
        id: 'essential',
        heading: 'Almacenamiento esencial',
        paragraphs: [
          'Tu token de sesión y tu perfil en caché mantienen la sesión iniciada. Tu idioma, tu tema y el estado de la navegación lateral recuerdan tus preferencias. Tu elección sobre cookies recuerda si aceptaste o rechazaste.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Cookie de inicio de sesión',
        paragraphs: [
          'Cuando inicias sesión con Google, una cookie de corta duración lleva un código de un solo uso de vuelta al sitio. Se elimina en cuanto inicias sesión y, como muy tarde, a los dos minutos.',
        ],
      },
      {
        id: 'offline',
        heading: 'Caché sin conexión',
        paragraphs: [
          'Para cargar más rápido y funcionar sin conexión, el sitio guarda en tu navegador una copia de sus propios archivos y de las imágenes vistas recientemente. Las imágenes antiguas se eliminan automáticamente.',
        ],
      },
      {
        id: 'choices',
        heading: 'Tus opciones',
        paragraphs: [
          'Si rechazas en el aviso de cookies, solo se conserva el almacenamiento esencial. Puedes cambiar de opinión cuando quieras borrando los datos de este sitio en los ajustes de tu navegador.',
        ],
      },
    ],
  },
  about: {
    intro:
      'Pictura es un estudio de imágenes con IA que cualquiera puede usar en el navegador: describe una imagen y la pinta, o dale una foto pequeña y la amplía cuatro veces con nuevos detalles.',
    sections: [
      {
        id: 'mission',
        heading: 'Por qué lo creamos',
        paragraphs: [
          'Crear imágenes con IA no debería exigir un ordenador potente, una instalación complicada ni una tarjeta de crédito. Pictura mantiene lo básico gratis e ilimitado, sin registro, y te deja usar lo que creas, también con fines comerciales.',
        ],
      },
      {
        id: 'how',
        heading: 'Cómo funciona',
        paragraphs: [
          'Un modelo de imagen abierto y rápido convierte tu descripción y tus opciones en imágenes en segundos, y un ampliador con IA recupera los detalles finos al agrandar una imagen. Los planes de pago añaden velocidad, privacidad y prioridad para quien crea mucho.',
        ],
      },
      {
        id: 'open',
        heading: 'Abierto y autoalojable',
        paragraphs: [
          'Pictura puede ejecutarse en tus propios servidores, con tus propios modelos, para que un equipo mantenga sus imágenes dentro de casa. El plan Enterprise añade modelos a medida, integraciones y soporte dedicado.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Bienvenido a Pictura',
      summary: 'Un estudio de imágenes con IA gratuito en tu navegador: lo que ya puedes hacer con él.',
      minutes: 2,
      paragraphs: [
        'Pictura convierte una frase en una imagen. Escribe lo que ves en tu cabeza, elige un estilo, un ambiente de color y la iluminación, y pulsa Generar: unos segundos después tus imágenes están listas para descargar.',
        'No necesitas una cuenta para eso y no hay límite diario. Al iniciar sesión también tienes un historial de todo lo que creaste, favoritos y la galería de la comunidad, donde puedes publicar tus mejores trabajos y ver lo que crean otros.',
        'El ampliador agranda cualquier imagen cuatro veces y la enfoca por el camino. Sube una foto o pega un enlace, arrastra el control deslizante para comparar el antes y el después y descarga el resultado.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Cinco hábitos para mejores descripciones',
      summary: 'Pequeños cambios al describir una escena marcan una gran diferencia en el resultado.',
      minutes: 3,
      paragraphs: [
        'Empieza por el sujeto, luego el entorno y después el ambiente: «un zorro rojo, en un bosque nevado de abedules, al amanecer». El modelo lee con más atención el principio de la descripción.',
        'Usa las opciones en lugar de largas listas de palabras. Un estilo como acuarela o pixel art, un tono de color y una iluminación hacen más, y con más fiabilidad, que acumular adjetivos en la descripción.',
        'Indica lo que no quieres en la descripción negativa: borroso, texto, marca de agua, dedos de más. Conserva la semilla cuando encuentres un resultado que te guste y cambia una palabra cada vez para explorar a su alrededor.',
        'Por último, mira la galería de ejemplos: cada ejemplo tiene un botón Crear similar que copia su descripción y sus opciones en el generador, para que partas de algo que funciona.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'Cómo funciona la ampliación 4x con IA',
      summary: 'Por qué un ampliador con IA da resultados más nítidos que simplemente estirar una imagen.',
      minutes: 3,
      paragraphs: [
        'Si estiras una imagen cuatro veces en un editor normal, cada píxel se convierte en un bloque de dieciséis y la imagen se vuelve borrosa. Un ampliador con IA ha aprendido cómo suelen ser los bordes, las texturas y las caras, y dibuja detalles verosímiles en su lugar.',
        'Pictura divide una imagen grande en teselas, amplía cada una con el modelo y las vuelve a unir, así que incluso las fotos grandes caben en memoria. La barra de progreso muestra las teselas a medida que se terminan.',
        'La ampliación funciona mejor con imágenes pequeñas pero limpias. Las fotos con mucho ruido o muy comprimidas también mejoran, pero el modelo puede realzar parte del ruido junto con los detalles.',
      ],
    },
  ],
};

export default content;
