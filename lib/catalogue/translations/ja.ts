import type { CatalogueTranslation } from "./types";

/** The catalogue in Japanese. */
export const ja: CatalogueTranslation = {
  collections: {
    "coffee-lovers": {
      name: "コーヒー好きのためのセット",
      description:
        "ゆったりとおいしい朝のコーヒーのためのすべてを。焙煎したてのシングルオリジン豆、陶器のハンドドリップセット、通勤のお供のトラベルマグ。仕上げに、コーヒーに浸して楽しむ二度焼きのアーモンドビスコッティを添えて。",
    },
    "tea-time": {
      name: "ティータイム",
      description:
        "心安らぐ午後のひとときをボックスに。3種のリーフティー、茶こし付きのガラスティーポット、そして甘いお菓子を添えました。",
    },
    "wellness-and-calm": {
      name: "ウェルネス＆リラックス",
      description:
        "忙しい一週間のあとにほっとひと息つくための、心のこもったセット。ラベンダーキャンドル、ミネラルバスソルト、ぐっすり眠るために必要なものをひとそろい。",
    },
    "desk-upgrade": {
      name: "デスクアップグレード",
      description:
        "自宅やオフィスのデスクを快適に彩る、実用的で美しいアイテム。急速ワイヤレス充電器から、散らかりがちなデスクをすっきり整えるウォールナットのオーガナイザーまで。",
    },
    "sweet-treats": {
      name: "スイーツセレクション",
      description:
        "誰もが喜ぶ、小さな工房のお菓子の詰め合わせ。シーソルト入りダークチョコレートから、ひとつずつ手で絞ったフレンチマカロンまで。",
    },
    "outdoor-adventure": {
      name: "アウトドアアドベンチャー",
      description:
        "週末の冒険家のための、トレイルにぴったりのギア。暖かいハーフジップフリース、保温・保冷ボトル、山頂で広げるピクニックブランケット。",
    },
    "cozy-home": {
      name: "おうち時間",
      description:
        "家で過ごす最高の夜のために。ざっくり編みのブランケット、やわらかなオーガニックパーカー、メリノソックス、そして濃厚なホットココア。",
    },
    "welcome-kit": {
      name: "ウェルカムキット",
      description: "初日から好印象を。オフィスでもそれ以外でも活躍する、快適で便利な必需品をそろえました。",
    },
  },
  products: {
    "single-origin-coffee-beans": {
      name: "シングルオリジン コーヒー豆",
      description:
        "小さな焙煎所が少量ずつ焼き上げた、エチオピア・イルガチェフェの豆 250 g。ブルーベリー、ジャスミン、ダークチョコレートを思わせる華やかな味わいです。",
    },
    "ceramic-pour-over-set": {
      name: "陶器のハンドドリップセット",
      description:
        "手作業で釉薬をかけた陶器のドリッパーと 600 ml のガラスサーバーのセット。いつでもクリアでバランスのよい一杯に。",
    },
    "insulated-travel-mug": {
      name: "保温トラベルマグ",
      description:
        "ステンレスの二重構造でコーヒーを6時間温かいまま保ちます。漏れにくいフタで、ほとんどのカップホルダーに収まります。350 ml。",
    },
    "speckled-stoneware-mug": {
      name: "斑点模様のストーンウェアマグ",
      description: "小さな工房で一つひとつ手作業で成形・施釉した、たっぷり 400 ml のマグ。同じものは二つとありません。",
    },
    "almond-biscotti": {
      name: "アーモンドビスコッティ",
      description:
        "ローストアーモンドをたっぷり入れて二度焼きした、トスカーナ風のカリッとしたビスコッティ。飲み物に浸してどうぞ。",
    },
    "loose-leaf-tea-trio": {
      name: "リーフティー3種セット",
      description: "茶葉の缶が3つ。矢車菊入りのアールグレイ、日本の煎茶、カフェインフリーのルイボスチャイ。",
    },
    "glass-teapot": {
      name: "茶こし付きガラスティーポット",
      description:
        "取り外せるステンレス製の茶こしが付いた、耐熱ホウケイ酸ガラスのティーポット。最大4杯分を淹れられます。",
    },
    "wildflower-honey": {
      name: "非加熱の百花蜂蜜",
      description:
        "家族経営の養蜂場から届いた無ろ過の蜂蜜。ブナ材のハニーディッパー付きで、カップに直接とろりと加えられます。",
    },
    "porcelain-cup-and-saucer": {
      name: "磁器のカップ＆ソーサー",
      description:
        "やわらかなセージグリーンのラインが入った上質な磁器。おもてなしにも映え、毎日使える丈夫さも備えています。",
    },
    "butter-shortbread": {
      name: "バターショートブレッド缶",
      description:
        "バターだけで焼き上げた、サクサクの伝統的なスコティッシュショートブレッド。記念に取っておきたくなるタータンチェックの缶入りです。",
    },
    "lavender-soy-candle": {
      name: "ラベンダーのソイキャンドル",
      description: "フランス産ラベンダーとカモミールが香る、手流しのソイワックスキャンドル。燃焼時間は約40時間です。",
    },
    "eucalyptus-bath-salts": {
      name: "ユーカリのバスソルト",
      description:
        "死海の塩とエプソムソルトに、ユーカリとペパーミントの精油をブレンド。疲れた筋肉をやさしくほぐします。",
    },
    "silk-sleep-mask": {
      name: "マルベリーシルクのアイマスク",
      description: "光をしっかり遮り、肌にもやさしい純マルベリーシルク。やわらかな調節可能ストラップ付きです。",
    },
    "eco-yoga-mat": {
      name: "エコヨガマット",
      description:
        "厚さ 4 mm の天然ゴム製マット。滑りにくい表面とキャリーストラップ付きで、自宅でもスタジオでも使えます。",
    },
    "gratitude-journal": {
      name: "感謝のジャーナル",
      description: "毎日5分の問いかけで、穏やかで前向きな習慣をつくるリネン装丁のガイド付きジャーナル。",
    },
    "wireless-charging-pad": {
      name: "ワイヤレス充電パッド",
      description: "ソフトな手ざわりの薄型 15 W Qi 充電器。最近のスマートフォンやワイヤレスイヤホンに対応しています。",
    },
    "dot-grid-notebook": {
      name: "ドット方眼ノート",
      description: "リネン表紙の A5 ノート。100 g/m² のドット方眼用紙が192ページ、しおりひもとゴムバンド付き。",
    },
    "brass-ballpoint-pen": {
      name: "真鍮のボールペン",
      description: "使うほどに温かみのある風合いに変わる、ずっしりとした無垢の真鍮ペン。替え芯が1本付いています。",
    },
    "potted-succulent": {
      name: "鉢植えの多肉植物",
      description: "テラコッタ鉢に植えた丈夫なエケベリア。どんなデスクにも手軽に緑を添えられます。",
    },
    "walnut-desk-organizer": {
      name: "ウォールナットのデスクオーガナイザー",
      description:
        "ペンや付箋を収納できる仕切り付きの無垢ウォールナット製オーガナイザー。スマホスタンドとしても使える溝付きです。",
    },
    "sea-salt-dark-chocolate": {
      name: "シーソルト ダークチョコレート",
      description: "カカオ 70% のシングルオリジン ダークチョコレートに、海塩のフレークを散らしました。",
    },
    "salted-caramels": {
      name: "塩バターキャラメル",
      description:
        "銅鍋でじっくり煮詰めた、やわらかくもっちりとしたキャラメル。一粒ずつワックスペーパーで包んでいます。",
    },
    "french-macarons": {
      name: "フレンチマカロン",
      description:
        "ピスタチオ、ラズベリー、ラベンダー、レモンの繊細なアーモンドマカロン。記念に取っておきたくなる箱入りです。",
    },
    "caramel-popcorn": {
      name: "キャラメルポップコーン",
      description: "少量ずつ作ったサクサクのポップコーンに、バターキャラメルとひとつまみの海塩をからめました。",
    },
    "honey-stroopwafels": {
      name: "ハニーストロープワッフル",
      description:
        "ハニーキャラメルをはさんだ薄焼きのオランダ風ワッフル。温かい飲み物の上にのせて温めるのがおすすめです。",
    },
    "insulated-water-bottle": {
      name: "真空断熱ボトル",
      description:
        "飲み物を24時間冷たいまま保つ、750 ml の真空断熱ステンレスボトル。持ち運びに便利なループ付きキャップです。",
    },
    "quarter-zip-fleece": {
      name: "ハーフジップフリース",
      description: "スタンドカラーの中厚手リサイクルポリエステルフリース。肌寒い日のハイキングの重ね着に最適です。",
    },
    "enamel-camp-mug": {
      name: "ホーローのキャンプマグ",
      description:
        "山のプリントが入った定番のホーローマグ。キャンプファイヤーにも耐える丈夫さと、オフィスでも映える愛らしさ。",
    },
    "packable-picnic-blanket": {
      name: "コンパクトなピクニックブランケット",
      description: "くるくるとコンパクトに巻けて、レザーストラップで持ち運べる撥水加工のチェック柄ブランケット。",
    },
    "summit-trail-mix": {
      name: "サミット トレイルミックス",
      description:
        "ローストアーモンド、カシューナッツ、ドライクランベリー、ダークチョコレートのかけらをたっぷり合わせたミックス。",
    },
    "chunky-knit-throw": {
      name: "ざっくり編みのブランケット",
      description: "思わず触れたくなるやわらかなコットン混紡を手編みしたブランケット。130 × 170 cm。",
    },
    "organic-cotton-hoodie": {
      name: "オーガニックコットンのパーカー",
      description: "認証オーガニックコットンを使った、裏起毛の厚手パーカー。たっぷり入るカンガルーポケット付き。",
    },
    "merino-lounge-socks": {
      name: "メリノのルームソックス",
      description: "足をぽかぽかに保ちながら、蒸れにくいクッション性のあるメリノウールソックス。",
    },
    "hot-cocoa-kit": {
      name: "ホットココアキット",
      description: "濃厚なベルギー産ココアに、チョコチップとミニマシュマロを重ねました。温かいミルクを注ぐだけです。",
    },
    "cedar-reed-diffuser": {
      name: "シダーのリードディフューザー",
      description: "シダーウッド、アンバー、バニラの温かな香りが長く続くリードディフューザー。",
    },
    "organic-cotton-tee": {
      name: "オーガニックコットンTシャツ",
      description:
        "オーガニックコットンジャージーの、やわらかくゆったりしたクルーネックTシャツ。洗うたびに肌になじみます。",
    },
    "canvas-tote-bag": {
      name: "キャンバストートバッグ",
      description:
        "長めの持ち手と内ポケットが付いた、丈夫な厚手キャンバスのトート。ノートパソコンも入るたっぷりサイズです。",
    },
    "felt-laptop-sleeve": {
      name: "フェルトのノートPCケース",
      description: "レザーの留め具が付いたウールフェルトのケース。13〜14インチのノートパソコンに対応しています。",
    },
    "enamel-pin-set": {
      name: "エナメルピンセット",
      description:
        "ゴールドの縁取りがついたハードエナメルのピンバッジ3個セット。リュックやネックストラップ、ジャケットに。",
    },
    "sticker-pack": {
      name: "ステッカーパック",
      description: "ノートパソコンやボトル、ノートに貼れる防水ビニールステッカーが2シート。",
    },
  },
  colors: {
    Coral: "コーラル",
    Charcoal: "チャコール",
    Sage: "セージ",
    Blush: "ブラッシュピンク",
    Midnight: "ミッドナイト",
    Lavender: "ラベンダー",
    Ocean: "オーシャン",
    Navy: "ネイビー",
    Terracotta: "テラコッタ",
    Forest: "フォレストグリーン",
    Glacier: "グレイシャー",
    Sunset: "サンセット",
    Oatmeal: "オートミール",
    "Heather Grey": "杢グレー",
    White: "ホワイト",
    Natural: "ナチュラル",
    Black: "ブラック",
    Grey: "グレー",
  },
  charities: {
    "clean-water-fund": {
      name: "きれいな水基金",
      sentence: "村の近くで安全な水が手に入るよう、井戸を掘り、修理しています。",
    },
    "school-meals": {
      name: "学校給食基金",
      sentence: "食事をとれない子どもが多い学校で、温かい昼食を届けています。",
    },
    "open-meadows": {
      name: "オープン・メドウズ",
      sentence: "草原や森を買い取って再生し、野生の動植物のすみかにしています。",
    },
    "night-shelter": {
      name: "ナイトシェルター・ネットワーク",
      sentence: "家のない人に温かいベッドと食事を提供し、住まい探しを支援しています。",
    },
    "first-books": {
      name: "ファースト・ブックス",
      sentence: "自分の本を持っていない子どもたちに、新しい本を届けています。",
    },
  },
  designs: {
    "happy-birthday": { name: "お誕生日おめでとう", card: ["お誕生日", "おめでとう！", "素敵な一年になりますように"] },
    "thank-you": { name: "ありがとう", card: ["ありがとう", "いつも本当にありがとうございます"] },
    congratulations: { name: "おめでとうございます", card: ["おめでとう！", "努力が実を結びましたね"] },
    "welcome-aboard": { name: "ようこそ", card: ["ようこそ！", "チームに迎えられてうれしいです"] },
    "happy-holidays": { name: "ハッピーホリデー", card: ["ハッピーホリデー", "楽しい季節をお過ごしください"] },
    "work-anniversary": { name: "勤続記念", card: ["祝", "勤続記念日", "これからもよろしくお願いします"] },
    "get-well-soon": { name: "お大事に", card: ["お大事に", "一日も早いご回復をお祈りしています"] },
    "good-luck": { name: "がんばって", card: ["がんばって！", "心から応援しています"] },
  },
};
