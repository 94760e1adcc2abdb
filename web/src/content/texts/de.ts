import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Datenschutzerklärung',
    intro:
      'Diese Erklärung beschreibt, welche Informationen Pictura bei der Nutzung der Website verarbeitet, warum, und welche Wahlmöglichkeiten du hast. Jeder kann Pictura auf eigenen Servern betreiben; „wir“ ist der Betreiber der Website, die du gerade nutzt.',
    sections: [
      {
        id: 'information',
        heading: 'Welche Informationen wir verarbeiten',
        paragraphs: [
          'Ohne Konto kannst du Bilder generieren und vergrößern; dann verarbeiten wir nur die Beschreibung, die Optionen und ein gesendetes Bild, so lange, wie es dauert, dein Ergebnis zu erstellen.',
          'Wenn du ein Konto erstellst, speichern wir deinen Benutzernamen und ein gehashtes Passwort oder den Namen, die E-Mail-Adresse und das Bild, die Google bei der Anmeldung mit Google übermittelt.',
          'Wenn du einen Verlauf behältst, in der Community-Galerie veröffentlichst oder einen Tarif abschließt, speichern wir diese Bilder, Beiträge, Likes, Meldungen und Zahlungsdaten zu deinem Konto.',
        ],
      },
      {
        id: 'use',
        heading: 'Wofür wir sie nutzen',
        paragraphs: [
          'Wir nutzen deine Informationen, um die gewünschten Bilder zu erstellen, deinen Verlauf und deine Beiträge anzuzeigen, dein Abo zu führen, den Dienst vor Missbrauch zu schützen und deine Support-Anfragen zu beantworten.',
          'Wir verkaufen deine personenbezogenen Daten nicht und verwenden deine Beschreibungen oder Bilder nicht zum Trainieren von Modellen.',
        ],
      },
      {
        id: 'payments',
        heading: 'Zahlungen',
        paragraphs: [
          'Zahlungen wickelt unser Zahlungsdienstleister ab. Wir erhalten Bestell- und Abo-Kennungen sowie den gewählten Tarif, niemals deine vollständige Kartennummer.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies und lokaler Speicher',
        paragraphs: [
          'Wir speichern einige kleine Einträge in deinem Browser: dein Anmelde-Token, deine Sprache, dein Design, den Zustand der Seitennavigation und deine Cookie-Entscheidung. Ein kurzlebiges Cookie wird nur während der Google-Anmeldung verwendet.',
          'Optionale Cookies kannst du im Banner akzeptieren oder ablehnen und deine Entscheidung jederzeit ändern, indem du den Browserspeicher löschst. Details stehen in der Cookie-Richtlinie.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Weitergabe',
        paragraphs: [
          'Bilder, die du in der Community-Galerie veröffentlichst, sind öffentlich. Ansonsten geben wir Informationen nur an Dienstleister weiter, die die Website für uns betreiben (Hosting, Zahlungen, E-Mail), oder wenn das Gesetz es verlangt.',
        ],
      },
      {
        id: 'retention',
        heading: 'Speicherdauer',
        paragraphs: [
          'Ohne Konto erstellte Bilder werden nach der Auslieferung gelöscht. Kontodaten, Verlauf und Beiträge bleiben gespeichert, bis du sie oder dein Konto löschst; beim Löschen des Kontos werden Verlauf, Beiträge und Likes entfernt.',
        ],
      },
      {
        id: 'security',
        heading: 'Sicherheit',
        paragraphs: [
          'Passwörter werden nur als starke Hashes gespeichert, Verbindungen sind verschlüsselt, und jeder Teil des Dienstes kann nur seine eigenen Daten lesen. Kein System ist vollkommen sicher, nutze daher ein Passwort, das du sonst nirgends verwendest.',
        ],
      },
      {
        id: 'rights',
        heading: 'Deine Rechte',
        paragraphs: [
          'Du kannst deine Informationen in den Kontoeinstellungen einsehen, berichtigen, herunterladen oder löschen oder uns bitten, das für dich zu tun. Je nach Wohnort kannst du der Verarbeitung auch widersprechen oder dich bei einer Datenschutzbehörde beschweren.',
        ],
      },
      {
        id: 'children',
        heading: 'Kinder',
        paragraphs: [
          'Pictura richtet sich nicht an Kinder unter 13 Jahren, und wir erheben wissentlich keine Daten von ihnen.',
        ],
      },
      {
        id: 'changes',
        heading: 'Änderungen und Kontakt',
        paragraphs: [
          'Änderungen dieser Erklärung veröffentlichen wir auf dieser Seite mit neuem Datum. Fragen zum Datenschutz kannst du über die Kontaktseite senden.',
        ],
      },
    ],
  },
  terms: {
    title: 'Nutzungsbedingungen',
    intro:
      'Diese Bedingungen gelten für die Nutzung von Pictura. Mit der Nutzung der Website stimmst du ihnen zu; wenn du nicht einverstanden bist, nutze sie bitte nicht.',
    sections: [
      {
        id: 'service',
        heading: 'Der Dienst',
        paragraphs: [
          'Pictura erstellt Bilder aus Textbeschreibungen, vergrößert Bilder etwa vierfach mit KI-Detailverbesserung, führt für angemeldete Nutzer einen persönlichen Verlauf und bietet eine Community-Galerie. Die grundlegende Generierung ist kostenlos und ohne Registrierung möglich.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Konten',
        paragraphs: [
          'Du kannst dich mit Google oder mit Benutzername und Passwort anmelden. Du bist für alles verantwortlich, was unter deinem Konto geschieht, und dafür, dein Passwort geheim zu halten.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Zulässige Nutzung',
        paragraphs: [
          'Nutze Pictura nicht, um Inhalte zu erstellen oder zu teilen, die rechtswidrig sind, Minderjährige sexualisieren, reale Personen belästigen oder sich als sie ausgeben oder Rechte anderer verletzen. Greife den Dienst nicht an, überlaste ihn nicht und lies ihn nicht automatisiert aus.',
          'Bilder, die nicht für jedes Publikum geeignet sein könnten, werden gekennzeichnet, und wir können Beiträge entfernen und Konten sperren, die gegen diese Regeln verstoßen.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Deine Beschreibungen und Bilder',
        paragraphs: [
          'Du behältst alle Rechte, die du an deinen Beschreibungen und Uploads hast. Die erstellten Bilder darfst du für jeden rechtmäßigen Zweck nutzen, auch kommerziell.',
          'Wenn du in der Community-Galerie veröffentlichst, erlaubst du uns, das Bild, seine Beschreibung und seinen Titel anderen Besuchern zu zeigen, bis du den Beitrag löschst.',
        ],
      },
      {
        id: 'plans',
        heading: 'Tarife und Zahlungen',
        paragraphs: [
          'Bezahlte Tarife werden monatlich oder jährlich im Voraus zu den auf der Preisseite genannten Preisen berechnet. Du kannst jederzeit in den Kontoeinstellungen upgraden oder kündigen; ein gekündigtes Abo läuft bis zum Ende seines Zeitraums.',
          'Alle Käufe sind nicht erstattungsfähig, sofern das Gesetz nichts anderes vorschreibt. Enterprise-Tarife werden mit unserem Vertriebsteam vereinbart.',
        ],
      },
      {
        id: 'availability',
        heading: 'Verfügbarkeit',
        paragraphs: [
          'Wir arbeiten daran, dass Pictura läuft, stellen es aber so bereit, wie es ist, ohne Zusage, dass es immer verfügbar oder fehlerfrei ist oder dass die Ergebnisse deinen Erwartungen entsprechen.',
        ],
      },
      {
        id: 'liability',
        heading: 'Haftungsbeschränkung',
        paragraphs: [
          'Soweit gesetzlich zulässig, haften wir nicht für indirekte oder Folgeschäden, und unsere Gesamthaftung ist auf den Betrag begrenzt, den du uns in den zwölf Monaten vor dem Anspruch gezahlt hast.',
        ],
      },
      {
        id: 'termination',
        heading: 'Ende der Nutzung',
        paragraphs: [
          'Du kannst Pictura jederzeit nicht mehr nutzen und dein Konto löschen. Wir können Konten sperren oder schließen, die gegen diese Bedingungen verstoßen.',
        ],
      },
      {
        id: 'changes',
        heading: 'Änderungen',
        paragraphs: [
          'Wir können diese Bedingungen aktualisieren. Das Datum oben zeigt die aktuelle Fassung; wer die Website nach einer Änderung weiter nutzt, akzeptiert sie.',
        ],
      },
      {
        id: 'contact',
        heading: 'Kontakt',
        paragraphs: ['Fragen zu diesen Bedingungen kannst du über die Kontaktseite senden.'],
      },
    ],
  },
  cookies: {
    title: 'Cookie-Richtlinie',
    intro:
      'Diese Seite listet die Cookies und den Browserspeicher auf, die Pictura verwendet, und wie du sie steuern kannst.',
    sections: [
      {
        id: 'essential',
        heading: 'Notwendiger Speicher',
        paragraphs: [
          'Dein Anmelde-Token und dein zwischengespeichertes Profil halten dich angemeldet. Sprache, Design und Zustand der Seitennavigation merken sich deine Einstellungen. Deine Cookie-Entscheidung merkt sich, ob du zugestimmt oder abgelehnt hast.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Anmelde-Cookie',
        paragraphs: [
          'Wenn du dich mit Google anmeldest, bringt ein kurzlebiges Cookie einen Einmalcode zurück zur Website. Es wird entfernt, sobald du angemeldet bist, spätestens nach zwei Minuten.',
        ],
      },
      {
        id: 'offline',
        heading: 'Offline-Cache',
        paragraphs: [
          'Damit die Website schneller lädt und offline funktioniert, hält sie eine Kopie ihrer eigenen Dateien und kürzlich angesehener Bilder in deinem Browser. Alte Bilder werden automatisch entfernt.',
        ],
      },
      {
        id: 'choices',
        heading: 'Deine Wahl',
        paragraphs: [
          'Lehnst du im Cookie-Banner ab, bleibt nur der notwendige Speicher. Du kannst deine Meinung jederzeit ändern, indem du die Daten dieser Website in den Browsereinstellungen löschst.',
        ],
      },
    ],
  },
  about: {
    intro:
      'Pictura ist ein KI-Bildstudio, das jeder im Browser nutzen kann: Beschreibe ein Bild und es malt es, oder gib ihm ein kleines Foto und es vergrößert es vierfach mit neuen Details.',
    sections: [
      {
        id: 'mission',
        heading: 'Warum wir es gebaut haben',
        paragraphs: [
          'Bilder mit KI zu erstellen sollte keinen leistungsstarken Computer, keine komplizierte Einrichtung und keine Kreditkarte erfordern. Pictura hält die Grundfunktionen kostenlos und unbegrenzt, ohne Registrierung, und lässt dich deine Werke nutzen, auch kommerziell.',
        ],
      },
      {
        id: 'how',
        heading: 'So funktioniert es',
        paragraphs: [
          'Ein schnelles offenes Bildmodell macht aus deiner Beschreibung und deinen Optionen in Sekunden Bilder, und eine KI-Vergrößerung stellt feine Details wieder her, wenn sie ein Bild vergrößert. Bezahlte Tarife bieten mehr Tempo, Privatsphäre und Vorrang für alle, die viel gestalten.',
        ],
      },
      {
        id: 'open',
        heading: 'Offen und selbst hostbar',
        paragraphs: [
          'Pictura lässt sich auf eigenen Servern mit eigenen Modellen betreiben, sodass ein Team seine Bilder im eigenen Haus behält. Der Enterprise-Tarif ergänzt eigene Modelle, Integrationen und persönlichen Support.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Willkommen bei Pictura',
      summary: 'Ein kostenloses KI-Bildstudio im Browser: was du heute damit machen kannst.',
      minutes: 2,
      paragraphs: [
        'Pictura macht aus einem Satz ein Bild. Schreib auf, was du vor dir siehst, wähle einen Stil, eine Farbstimmung und die Beleuchtung und drücke auf Generieren: Wenige Sekunden später sind deine Bilder bereit zum Herunterladen.',
        'Dafür brauchst du kein Konto, und es gibt kein Tageslimit. Angemeldet bekommst du außerdem einen Verlauf von allem, was du erstellt hast, Favoriten und die Community-Galerie, in der du deine besten Werke veröffentlichen und sehen kannst, was andere gestalten.',
        'Die Vergrößerung macht jedes Bild viermal so groß und schärft es dabei. Lade ein Foto hoch oder füge einen Link ein, ziehe den Regler, um vorher und nachher zu vergleichen, und lade das Ergebnis herunter.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Fünf Gewohnheiten für bessere Beschreibungen',
      summary: 'Kleine Änderungen an der Beschreibung einer Szene machen einen großen Unterschied.',
      minutes: 3,
      paragraphs: [
        'Beginne mit dem Motiv, dann dem Ort, dann der Stimmung: „ein Rotfuchs, in einem verschneiten Birkenwald, bei Sonnenaufgang“. Das Modell liest den Anfang der Beschreibung am aufmerksamsten.',
        'Nutze die Optionen statt langer Wortlisten. Ein Stil wie Aquarell oder Pixel-Art, ein Farbton und eine Beleuchtung bewirken mehr, und das zuverlässiger, als viele Adjektive in der Beschreibung.',
        'Schreib in die Negativbeschreibung, was du nicht willst: unscharf, Text, Wasserzeichen, zusätzliche Finger. Behalte den Seed, wenn dir ein Ergebnis gefällt, und ändere jeweils nur ein Wort, um das Umfeld zu erkunden.',
        'Schau dir zum Schluss die Beispielgalerie an: Jedes Beispiel hat eine Schaltfläche Ähnliches erstellen, die Beschreibung und Optionen in den Generator kopiert, damit du mit etwas startest, das funktioniert.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'So funktioniert die 4x-KI-Vergrößerung',
      summary: 'Warum eine KI-Vergrößerung schärfere Ergebnisse liefert als einfaches Strecken.',
      minutes: 3,
      paragraphs: [
        'Streckt man ein Bild in einem gewöhnlichen Editor auf das Vierfache, wird jedes Pixel zu einem Block aus sechzehn, und das Bild wird weich. Eine KI-Vergrößerung hat gelernt, wie Kanten, Texturen und Gesichter meist aussehen, und zeichnet stattdessen glaubwürdige Details.',
        'Pictura teilt ein großes Bild in Kacheln, vergrößert jede mit dem Modell und fügt sie wieder zusammen, sodass auch große Fotos in den Speicher passen. Der Fortschrittsbalken zeigt die fertigen Kacheln an.',
        'Am besten gelingt die Vergrößerung bei kleinen, aber sauberen Bildern. Stark verrauschte oder stark komprimierte Bilder werden ebenfalls besser, doch das Modell kann mit den Details auch einen Teil des Rauschens verstärken.',
      ],
    },
  ],
};

export default content;
