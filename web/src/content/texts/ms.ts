import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Dasar Privasi',
    intro:
      'Dasar ini menerangkan maklumat yang dikendalikan oleh Pictura apabila anda menggunakan laman ini, sebabnya, dan pilihan yang anda ada. Sesiapa sahaja boleh menjalankan Pictura pada pelayan sendiri; "kami" bermaksud pengendali laman yang anda gunakan.',
    sections: [
      {
        id: 'information',
        heading: 'Maklumat yang kami kendalikan',
        paragraphs: [
          'Tanpa akaun, anda boleh menjana dan membesarkan imej; kami hanya mengendalikan penerangan, pilihan dan imej yang anda hantar selama yang diperlukan untuk menghasilkan keputusan anda.',
          'Jika anda mencipta akaun, kami menyimpan nama pengguna dan kata laluan yang dicincang, atau nama, alamat e-mel dan gambar yang dikongsi Google apabila anda log masuk dengan Google.',
          'Jika anda memilih untuk menyimpan sejarah, menerbitkan ke galeri komuniti atau melanggan pelan, kami menyimpan imej, siaran, suka, laporan dan rekod pembayaran itu bersama akaun anda.',
        ],
      },
      {
        id: 'use',
        heading: 'Cara kami menggunakannya',
        paragraphs: [
          'Kami menggunakan maklumat anda untuk mencipta imej yang anda minta, memaparkan sejarah dan siaran anda, mengendalikan langganan anda, melindungi perkhidmatan daripada penyalahgunaan dan menjawab permintaan sokongan.',
          'Kami tidak menjual maklumat peribadi anda dan tidak menggunakan penerangan atau imej anda untuk melatih model.',
        ],
      },
      {
        id: 'payments',
        heading: 'Pembayaran',
        paragraphs: [
          'Pembayaran dikendalikan oleh penyedia pembayaran kami. Kami menerima pengecam pesanan dan langganan serta pelan yang anda pilih, tidak sekali-kali nombor kad penuh anda.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Kuki dan storan setempat',
        paragraphs: [
          'Kami menyimpan beberapa item kecil dalam pelayar anda: token log masuk, bahasa, tema, keadaan navigasi sisi dan pilihan kuki anda. Kuki jangka pendek hanya digunakan semasa anda melengkapkan log masuk Google.',
          'Anda boleh menerima atau menolak kuki pilihan dalam sepanduk dan menukar fikiran pada bila-bila masa dengan mengosongkan storan pelayar. Lihat Dasar Kuki untuk butiran.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Perkongsian',
        paragraphs: [
          'Imej yang anda terbitkan ke galeri komuniti adalah awam. Selain itu, kami hanya berkongsi maklumat dengan penyedia perkhidmatan yang mengendalikan laman untuk kami (pengehosan, pembayaran, e-mel), atau apabila dikehendaki undang-undang.',
        ],
      },
      {
        id: 'retention',
        heading: 'Berapa lama kami menyimpannya',
        paragraphs: [
          'Imej yang dicipta tanpa akaun dipadam selepas dihantar. Data akaun, sejarah dan siaran disimpan sehingga anda memadamnya atau memadam akaun; memadam akaun akan membuang sejarah, siaran dan suka anda.',
        ],
      },
      {
        id: 'security',
        heading: 'Keselamatan',
        paragraphs: [
          'Kata laluan hanya disimpan sebagai cincangan yang kukuh, sambungan disulitkan dan setiap bahagian perkhidmatan hanya boleh membaca datanya sendiri. Tiada sistem yang selamat sepenuhnya, jadi gunakan kata laluan yang tidak anda gunakan di tempat lain.',
        ],
      },
      {
        id: 'rights',
        heading: 'Hak anda',
        paragraphs: [
          'Anda boleh melihat, membetulkan, memuat turun atau memadam maklumat anda daripada tetapan akaun, atau meminta kami melakukannya. Bergantung pada tempat tinggal anda, anda juga boleh membantah pemprosesan atau membuat aduan kepada pihak berkuasa perlindungan data.',
        ],
      },
      {
        id: 'children',
        heading: 'Kanak-kanak',
        paragraphs: [
          'Pictura tidak ditujukan kepada kanak-kanak bawah 13 tahun, dan kami tidak mengumpul maklumat mereka dengan sengaja.',
        ],
      },
      {
        id: 'changes',
        heading: 'Perubahan dan hubungan',
        paragraphs: [
          'Kami akan menyiarkan sebarang perubahan dasar ini di halaman ini dengan tarikh baharu. Soalan tentang privasi boleh dihantar melalui halaman hubungi.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terma Perkhidmatan',
    intro:
      'Terma ini terpakai apabila anda menggunakan Pictura. Dengan menggunakan laman ini anda bersetuju dengannya; jika tidak bersetuju, sila jangan gunakannya.',
    sections: [
      {
        id: 'service',
        heading: 'Perkhidmatan',
        paragraphs: [
          'Pictura mencipta imej daripada penerangan teks, membesarkan imej kira-kira empat kali dengan peningkatan perincian AI, menyimpan sejarah peribadi untuk pengguna yang log masuk dan menempatkan galeri komuniti. Penjanaan asas adalah percuma dan tidak memerlukan pendaftaran.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Akaun',
        paragraphs: [
          'Anda boleh log masuk dengan Google atau dengan nama pengguna dan kata laluan. Anda bertanggungjawab atas apa yang berlaku dalam akaun anda dan menjaga keselamatan kata laluan.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Penggunaan yang dibenarkan',
        paragraphs: [
          'Jangan gunakan Pictura untuk mencipta atau berkongsi kandungan yang menyalahi undang-undang, yang menyeksualkan kanak-kanak, yang mengganggu atau menyamar sebagai orang sebenar, atau yang melanggar hak orang lain. Jangan menyerang, membebankan atau mengikis perkhidmatan.',
          'Imej yang mungkin tidak sesuai untuk tontonan umum ditandakan, dan kami boleh membuang siaran serta menggantung akaun yang melanggar peraturan ini.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Penerangan dan imej anda',
        paragraphs: [
          'Anda mengekalkan apa-apa hak yang anda miliki ke atas penerangan dan muat naik anda. Anda boleh menggunakan imej yang anda cipta untuk apa-apa tujuan yang sah, termasuk komersial.',
          'Apabila menerbitkan ke galeri komuniti, anda membenarkan kami memaparkan imej itu, penerangan dan tajuknya kepada pelawat lain sehingga anda memadam siaran tersebut.',
        ],
      },
      {
        id: 'plans',
        heading: 'Pelan dan pembayaran',
        paragraphs: [
          'Pelan berbayar dicaj lebih awal secara bulanan atau tahunan pada harga yang dipaparkan di halaman harga. Anda boleh menaik taraf atau membatalkan pada bila-bila masa daripada tetapan akaun; langganan yang dibatalkan berjalan hingga akhir tempohnya.',
          'Semua jualan tidak boleh dikembalikan, kecuali jika undang-undang menetapkan sebaliknya. Pelan Enterprise dipersetujui bersama pasukan jualan kami.',
        ],
      },
      {
        id: 'availability',
        heading: 'Ketersediaan',
        paragraphs: [
          'Kami berusaha memastikan Pictura terus berjalan, tetapi ia disediakan seadanya, tanpa janji bahawa ia sentiasa tersedia, bebas ralat atau hasilnya memenuhi jangkaan anda.',
        ],
      },
      {
        id: 'liability',
        heading: 'Had liabiliti',
        paragraphs: [
          'Setakat yang dibenarkan undang-undang, kami tidak bertanggungjawab atas kerugian tidak langsung atau berbangkit, dan jumlah liabiliti kami terhad kepada amaun yang anda bayar kepada kami dalam dua belas bulan sebelum tuntutan.',
        ],
      },
      {
        id: 'termination',
        heading: 'Menamatkan penggunaan',
        paragraphs: [
          'Anda boleh berhenti menggunakan Pictura dan memadam akaun anda pada bila-bila masa. Kami boleh menggantung atau menutup akaun yang melanggar terma ini.',
        ],
      },
      {
        id: 'changes',
        heading: 'Perubahan',
        paragraphs: [
          'Kami boleh mengemas kini terma ini. Tarikh di bahagian atas menunjukkan versi terkini; terus menggunakan laman selepas perubahan bermakna anda menerimanya.',
        ],
      },
      {
        id: 'contact',
        heading: 'Hubungi',
        paragraphs: ['Soalan tentang terma ini boleh dihantar melalui halaman hubungi.'],
      },
    ],
  },
  cookies: {
    title: 'Dasar Kuki',
    intro:
      'Halaman ini menyenaraikan kuki dan storan pelayar yang digunakan Pictura dan cara anda mengawalnya.',
    sections: [
      {
        id: 'essential',
        heading: 'Storan penting',
        paragraphs: [
          'Token log masuk dan profil yang dicache mengekalkan anda log masuk. Bahasa, tema dan keadaan navigasi sisi mengingati pilihan anda. Pilihan kuki mengingati sama ada anda menerima atau menolak.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Kuki log masuk',
        paragraphs: [
          'Apabila anda log masuk dengan Google, kuki jangka pendek membawa kod sekali guna kembali ke laman. Ia dibuang sebaik sahaja anda log masuk, dan selewat-lewatnya selepas dua minit.',
        ],
      },
      {
        id: 'offline',
        heading: 'Cache luar talian',
        paragraphs: [
          'Supaya dimuatkan lebih pantas dan berfungsi luar talian, laman ini menyimpan salinan failnya sendiri dan imej yang baru dilihat dalam pelayar anda. Imej lama dibuang secara automatik.',
        ],
      },
      {
        id: 'choices',
        heading: 'Pilihan anda',
        paragraphs: [
          'Menolak dalam sepanduk kuki hanya mengekalkan storan penting. Anda boleh menukar fikiran pada bila-bila masa dengan mengosongkan data laman ini dalam tetapan pelayar.',
        ],
      },
    ],
  },
  about: {
    intro:
      'Pictura ialah studio imej AI yang boleh digunakan sesiapa sahaja dalam pelayar: terangkan gambar dan ia melukisnya, atau berikan foto kecil dan ia membesarkannya empat kali dengan perincian baharu.',
    sections: [
      {
        id: 'mission',
        heading: 'Mengapa kami membinanya',
        paragraphs: [
          'Mencipta imej dengan AI tidak sepatutnya memerlukan komputer berkuasa, pemasangan yang rumit atau kad kredit. Pictura mengekalkan ciri asas percuma dan tanpa had, tanpa pendaftaran, dan membenarkan anda menggunakan ciptaan anda, termasuk secara komersial.',
        ],
      },
      {
        id: 'how',
        heading: 'Cara ia berfungsi',
        paragraphs: [
          'Model imej terbuka yang pantas menukar penerangan dan pilihan anda kepada gambar dalam beberapa saat, dan pembesar AI memulihkan perincian halus apabila membesarkan imej. Pelan berbayar menambah kelajuan, privasi dan keutamaan bagi mereka yang banyak mencipta.',
        ],
      },
      {
        id: 'open',
        heading: 'Terbuka dan boleh dihoskan sendiri',
        paragraphs: [
          'Pictura boleh dijalankan pada pelayan anda sendiri dengan model anda sendiri, supaya pasukan dapat menyimpan imejnya secara dalaman. Pelan Enterprise menambah model tersuai, integrasi dan sokongan khusus.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Selamat datang ke Pictura',
      summary: 'Studio imej AI percuma dalam pelayar anda: apa yang boleh anda lakukan hari ini.',
      minutes: 2,
      paragraphs: [
        'Pictura menukar satu ayat menjadi gambar. Tulis apa yang anda bayangkan, pilih gaya, suasana warna dan pencahayaan, kemudian tekan Jana: beberapa saat kemudian imej anda sedia untuk dimuat turun.',
        'Anda tidak memerlukan akaun untuk itu, dan tiada had harian. Apabila log masuk, anda turut mendapat sejarah semua yang anda cipta, kegemaran dan galeri komuniti, tempat anda boleh menerbitkan karya terbaik dan melihat ciptaan orang lain.',
        'Pembesar menjadikan mana-mana imej empat kali lebih besar dan menajamkannya dalam proses itu. Muat naik foto atau tampal pautan, seret peluncur untuk membandingkan sebelum dan selepas, kemudian muat turun hasilnya.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Lima tabiat untuk penerangan yang lebih baik',
      summary: 'Perubahan kecil dalam cara menerangkan sesuatu adegan membuat perbezaan besar pada hasilnya.',
      minutes: 3,
      paragraphs: [
        'Mulakan dengan subjek, kemudian latar, kemudian suasana: "seekor musang merah, dalam hutan birch bersalji, waktu subuh". Model membaca permulaan penerangan dengan paling teliti.',
        'Gunakan pilihan dan bukannya senarai perkataan yang panjang. Gaya seperti cat air atau seni piksel, ton warna dan pencahayaan memberi kesan lebih besar dan lebih boleh dipercayai berbanding menimbun kata sifat.',
        'Nyatakan apa yang anda tidak mahu dalam penerangan negatif: kabur, teks, tera air, jari berlebihan. Simpan benih apabila anda menemui hasil yang disukai, dan ubah satu perkataan pada satu masa untuk meneroka variasinya.',
        'Akhir sekali, lihat galeri contoh: setiap contoh mempunyai butang Cipta Serupa yang menyalin penerangan dan pilihannya ke penjana, supaya anda bermula daripada sesuatu yang berjaya.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'Cara pembesaran AI 4x berfungsi',
      summary: 'Mengapa pembesar AI memberi hasil lebih tajam berbanding sekadar meregangkan gambar.',
      minutes: 3,
      paragraphs: [
        'Meregangkan imej empat kali dalam penyunting biasa menukar setiap piksel menjadi blok enam belas, dan gambar menjadi lembut. Pembesar AI telah mempelajari rupa tepi, tekstur dan wajah yang biasa, lalu melukis perincian yang munasabah sebagai gantinya.',
        'Pictura membahagikan imej besar kepada jubin, membesarkan setiap satu dengan model dan mencantumkannya semula, jadi foto besar pun muat dalam memori. Bar kemajuan menunjukkan jubin yang telah siap.',
        'Pembesaran paling berkesan pada imej kecil tetapi bersih. Foto yang sangat hingar atau dimampatkan dengan teruk juga bertambah baik, tetapi model mungkin menajamkan sebahagian hingar bersama perinciannya.',
      ],
    },
  ],
};

export default content;
