import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Kebijakan Privasi',
    intro:
      'Kebijakan ini menjelaskan informasi apa yang ditangani Pictura saat Anda menggunakan situs, alasannya, dan pilihan yang Anda miliki. Siapa pun dapat menjalankan Pictura di servernya sendiri; "kami" berarti pengelola situs yang sedang Anda gunakan.',
    sections: [
      {
        id: 'information',
        heading: 'Informasi yang kami tangani',
        paragraphs: [
          'Tanpa akun, Anda dapat membuat dan memperbesar gambar; kami hanya menangani deskripsi, opsi, dan gambar yang Anda kirim selama diperlukan untuk membuat hasilnya.',
          'Jika Anda membuat akun, kami menyimpan nama pengguna dan kata sandi yang di-hash, atau nama, alamat email, dan foto yang dibagikan Google saat Anda masuk dengan Google.',
          'Jika Anda memilih menyimpan riwayat, menerbitkan ke galeri komunitas, atau berlangganan paket, kami menyimpan gambar, postingan, suka, laporan, dan catatan pembayaran tersebut bersama akun Anda.',
        ],
      },
      {
        id: 'use',
        heading: 'Cara kami menggunakannya',
        paragraphs: [
          'Kami menggunakan informasi Anda untuk membuat gambar yang Anda minta, menampilkan riwayat dan postingan Anda, menjalankan langganan Anda, melindungi layanan dari penyalahgunaan, dan menjawab permintaan dukungan.',
          'Kami tidak menjual informasi pribadi Anda dan tidak menggunakan deskripsi atau gambar Anda untuk melatih model.',
        ],
      },
      {
        id: 'payments',
        heading: 'Pembayaran',
        paragraphs: [
          'Pembayaran ditangani oleh penyedia pembayaran kami. Kami menerima nomor pesanan dan langganan serta paket yang Anda pilih, tidak pernah nomor kartu Anda secara lengkap.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Kuki dan penyimpanan lokal',
        paragraphs: [
          'Kami menyimpan beberapa data kecil di peramban Anda: token masuk, bahasa, tema, status navigasi samping, dan pilihan kuki Anda. Kuki berumur pendek hanya dipakai saat Anda menyelesaikan proses masuk dengan Google.',
          'Anda dapat menerima atau menolak kuki opsional di spanduk, dan berubah pikiran kapan saja dengan menghapus penyimpanan peramban. Lihat Kebijakan Kuki untuk detailnya.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Berbagi informasi',
        paragraphs: [
          'Gambar yang Anda terbitkan ke galeri komunitas bersifat publik. Selain itu, kami hanya membagikan informasi kepada penyedia layanan yang menjalankan situs untuk kami (hosting, pembayaran, email), atau jika diwajibkan hukum.',
        ],
      },
      {
        id: 'retention',
        heading: 'Berapa lama kami menyimpannya',
        paragraphs: [
          'Gambar yang dibuat tanpa akun dihapus setelah dikirimkan. Data akun, riwayat, dan postingan disimpan sampai Anda menghapusnya atau menghapus akun; menghapus akun akan menghapus riwayat, postingan, dan suka Anda.',
        ],
      },
      {
        id: 'security',
        heading: 'Keamanan',
        paragraphs: [
          'Kata sandi hanya disimpan sebagai hash yang kuat, koneksi dienkripsi, dan setiap bagian layanan hanya dapat membaca datanya sendiri. Tidak ada sistem yang benar-benar aman, jadi gunakan kata sandi yang tidak Anda pakai di tempat lain.',
        ],
      },
      {
        id: 'rights',
        heading: 'Hak Anda',
        paragraphs: [
          'Anda dapat melihat, memperbaiki, mengunduh, atau menghapus informasi Anda dari pengaturan akun, atau meminta kami melakukannya. Tergantung tempat tinggal Anda, Anda juga dapat menolak pemrosesan atau mengadu ke otoritas perlindungan data.',
        ],
      },
      {
        id: 'children',
        heading: 'Anak-anak',
        paragraphs: [
          'Pictura tidak ditujukan bagi anak di bawah 13 tahun, dan kami tidak dengan sengaja mengumpulkan informasi mereka.',
        ],
      },
      {
        id: 'changes',
        heading: 'Perubahan dan kontak',
        paragraphs: [
          'Setiap perubahan kebijakan ini akan kami terbitkan di halaman ini dengan tanggal baru. Pertanyaan tentang privasi dapat dikirim melalui halaman kontak.',
        ],
      },
    ],
  },
  terms: {
    title: 'Ketentuan Layanan',
    intro:
      'Ketentuan ini berlaku saat Anda menggunakan Pictura. Dengan menggunakan situs, Anda menyetujuinya; jika tidak setuju, mohon jangan menggunakannya.',
    sections: [
      {
        id: 'service',
        heading: 'Layanan',
        paragraphs: [
          'Pictura membuat gambar dari deskripsi teks, memperbesar gambar sekitar empat kali dengan peningkatan detail AI, menyimpan riwayat pribadi bagi pengguna yang masuk, dan menyediakan galeri komunitas. Pembuatan dasar gratis dan tidak memerlukan pendaftaran.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Akun',
        paragraphs: [
          'Anda dapat masuk dengan Google atau dengan nama pengguna dan kata sandi. Anda bertanggung jawab atas apa pun yang terjadi pada akun Anda dan menjaga kerahasiaan kata sandi.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Penggunaan yang diperbolehkan',
        paragraphs: [
          'Jangan gunakan Pictura untuk membuat atau membagikan konten ilegal, yang menyeksualisasi anak di bawah umur, yang melecehkan atau menyamar sebagai orang sungguhan, atau yang melanggar hak orang lain. Jangan menyerang, membebani, atau mengambil data layanan secara massal.',
          'Gambar yang mungkin tidak cocok untuk umum diberi tanda, dan kami dapat menghapus postingan serta menangguhkan akun yang melanggar aturan ini.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Deskripsi dan gambar Anda',
        paragraphs: [
          'Anda tetap memiliki hak apa pun atas deskripsi dan unggahan Anda. Anda boleh menggunakan gambar yang Anda buat untuk tujuan sah apa pun, termasuk komersial.',
          'Saat menerbitkan ke galeri komunitas, Anda mengizinkan kami menampilkan gambar, deskripsi, dan judulnya kepada pengunjung lain sampai Anda menghapus postingan tersebut.',
        ],
      },
      {
        id: 'plans',
        heading: 'Paket dan pembayaran',
        paragraphs: [
          'Paket berbayar ditagih di muka setiap bulan atau tahun sesuai harga di halaman harga. Anda dapat meningkatkan atau membatalkan paket kapan saja dari pengaturan akun; langganan yang dibatalkan tetap berjalan sampai akhir periodenya.',
          'Semua penjualan tidak dapat dikembalikan, kecuali jika hukum menentukan lain. Paket Enterprise disepakati bersama tim penjualan kami.',
        ],
      },
      {
        id: 'availability',
        heading: 'Ketersediaan',
        paragraphs: [
          'Kami berupaya agar Pictura tetap berjalan, tetapi layanan disediakan apa adanya, tanpa janji bahwa layanan selalu tersedia, bebas kesalahan, atau hasilnya sesuai harapan Anda.',
        ],
      },
      {
        id: 'liability',
        heading: 'Batasan tanggung jawab',
        paragraphs: [
          'Sejauh diizinkan hukum, kami tidak bertanggung jawab atas kerugian tidak langsung atau konsekuensial, dan tanggung jawab total kami terbatas pada jumlah yang Anda bayarkan kepada kami dalam dua belas bulan sebelum klaim.',
        ],
      },
      {
        id: 'termination',
        heading: 'Mengakhiri penggunaan',
        paragraphs: [
          'Anda dapat berhenti menggunakan Pictura dan menghapus akun kapan saja. Kami dapat menangguhkan atau menutup akun yang melanggar ketentuan ini.',
        ],
      },
      {
        id: 'changes',
        heading: 'Perubahan',
        paragraphs: [
          'Kami dapat memperbarui ketentuan ini. Tanggal di bagian atas menunjukkan versi terbaru; terus menggunakan situs setelah perubahan berarti Anda menerimanya.',
        ],
      },
      {
        id: 'contact',
        heading: 'Kontak',
        paragraphs: ['Pertanyaan tentang ketentuan ini dapat dikirim melalui halaman kontak.'],
      },
    ],
  },
  cookies: {
    title: 'Kebijakan Kuki',
    intro:
      'Halaman ini mencantumkan kuki dan penyimpanan peramban yang digunakan Pictura serta cara Anda mengaturnya.',
    sections: [
      {
        id: 'essential',
        heading: 'Penyimpanan penting',
        paragraphs: [
          'Token masuk dan profil yang tersimpan membuat Anda tetap masuk. Bahasa, tema, dan status navigasi samping mengingat preferensi Anda. Pilihan kuki mengingat apakah Anda menerima atau menolak.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Kuki masuk',
        paragraphs: [
          'Saat Anda masuk dengan Google, kuki berumur pendek membawa kode sekali pakai kembali ke situs. Kuki ini dihapus begitu Anda masuk, paling lambat setelah dua menit.',
        ],
      },
      {
        id: 'offline',
        heading: 'Cache luring',
        paragraphs: [
          'Agar dimuat lebih cepat dan berfungsi tanpa koneksi, situs menyimpan salinan berkasnya sendiri dan gambar yang baru dilihat di peramban Anda. Gambar lama dihapus secara otomatis.',
        ],
      },
      {
        id: 'choices',
        heading: 'Pilihan Anda',
        paragraphs: [
          'Jika Anda menolak di spanduk kuki, hanya penyimpanan penting yang dipertahankan. Anda dapat berubah pikiran kapan saja dengan menghapus data situs ini di pengaturan peramban.',
        ],
      },
    ],
  },
  about: {
    intro:
      'Pictura adalah studio gambar AI yang dapat digunakan siapa saja di peramban: jelaskan sebuah gambar dan Pictura melukisnya, atau berikan foto kecil dan Pictura memperbesarnya empat kali dengan detail baru.',
    sections: [
      {
        id: 'mission',
        heading: 'Mengapa kami membuatnya',
        paragraphs: [
          'Membuat gambar dengan AI seharusnya tidak memerlukan komputer canggih, pemasangan yang rumit, atau kartu kredit. Pictura menjaga fitur dasar tetap gratis dan tanpa batas, tanpa pendaftaran, dan membiarkan Anda menggunakan hasil karya Anda, termasuk untuk komersial.',
        ],
      },
      {
        id: 'how',
        heading: 'Cara kerjanya',
        paragraphs: [
          'Model gambar terbuka yang cepat mengubah deskripsi dan opsi Anda menjadi gambar dalam hitungan detik, dan pembesar AI memulihkan detail halus saat memperbesar gambar. Paket berbayar menambah kecepatan, privasi, dan prioritas bagi yang sering berkreasi.',
        ],
      },
      {
        id: 'open',
        heading: 'Terbuka dan dapat di-host sendiri',
        paragraphs: [
          'Pictura dapat dijalankan di server Anda sendiri dengan model Anda sendiri, sehingga tim dapat menyimpan gambarnya secara internal. Paket Enterprise menambahkan model khusus, integrasi, dan dukungan khusus.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Selamat datang di Pictura',
      summary: 'Studio gambar AI gratis di peramban Anda: apa yang bisa Anda lakukan hari ini.',
      minutes: 2,
      paragraphs: [
        'Pictura mengubah sebuah kalimat menjadi gambar. Tulis apa yang Anda bayangkan, pilih gaya, nuansa warna, dan pencahayaan, lalu tekan Buat: beberapa detik kemudian gambar Anda siap diunduh.',
        'Anda tidak memerlukan akun untuk itu, dan tidak ada batas harian. Saat masuk, Anda juga mendapat riwayat semua karya Anda, favorit, dan galeri komunitas, tempat Anda dapat menerbitkan karya terbaik dan melihat kreasi orang lain.',
        'Pembesar membuat gambar apa pun empat kali lebih besar sekaligus mempertajamnya. Unggah foto atau tempel tautan, geser penggeser untuk membandingkan sebelum dan sesudah, lalu unduh hasilnya.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Lima kebiasaan untuk deskripsi yang lebih baik',
      summary: 'Perubahan kecil dalam cara menggambarkan adegan membuat perbedaan besar pada hasilnya.',
      minutes: 3,
      paragraphs: [
        'Mulailah dengan subjek, lalu latar, lalu suasana: "seekor rubah merah, di hutan birch bersalju, saat fajar". Model membaca bagian awal deskripsi dengan paling saksama.',
        'Gunakan opsi alih-alih daftar kata yang panjang. Gaya seperti cat air atau seni piksel, nada warna, dan pencahayaan memberi efek lebih besar dan lebih andal daripada menumpuk kata sifat.',
        'Sebutkan apa yang tidak Anda inginkan di deskripsi negatif: buram, teks, tanda air, jari berlebih. Simpan seed saat menemukan hasil yang disukai, lalu ubah satu kata setiap kali untuk menjelajahi variasinya.',
        'Terakhir, lihat galeri contoh: setiap contoh memiliki tombol Buat Serupa yang menyalin deskripsi dan opsinya ke generator, sehingga Anda mulai dari sesuatu yang berhasil.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'Cara kerja pembesaran AI 4x',
      summary: 'Mengapa pembesar AI memberikan hasil lebih tajam daripada sekadar meregangkan gambar.',
      minutes: 3,
      paragraphs: [
        'Meregangkan gambar empat kali di penyunting biasa mengubah setiap piksel menjadi blok berisi enam belas, dan gambar menjadi lembek. Pembesar AI telah mempelajari rupa tepi, tekstur, dan wajah pada umumnya, lalu menggambar detail yang masuk akal sebagai gantinya.',
        'Pictura membagi gambar besar menjadi ubin, memperbesar masing-masing dengan model, lalu menyatukannya kembali, sehingga foto besar pun muat di memori. Bilah kemajuan menampilkan ubin yang sudah selesai.',
        'Pembesaran paling baik untuk gambar kecil tetapi bersih. Foto yang sangat berderau atau sangat terkompresi juga membaik, tetapi model dapat ikut mempertajam sebagian derau bersama detailnya.',
      ],
    },
  ],
};

export default content;
