import type { Language } from '@apm/contract';

/** Texts of an invoice PDF. */
export interface InvoiceLabels {
  title: string;
  number: string;
  issuedOn: string;
  seller: string;
  buyer: string;
  taxNumber: string;
  paymentReference: string;
  paidOn: string;
  service: string;
  units: string;
  quantity: string;
  unitPrice: string;
  net: string;
  tax: string;
  total: string;
  refunded: string;
  page: (page: number, total: number) => string;
  /** Kinds of service as lines name them. */
  kinds: Record<'terminalLicence' | 'storage' | 'servicePeriod' | 'widgetPack', string>;
}

/** BCP 47 locale of each console language (money and dates in the invoice). */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  CN: 'zh-CN',
  HK: 'zh-HK',
  US: 'en-US',
  IT: 'it-IT',
  RU: 'ru-RU',
  FR: 'fr-FR',
  KR: 'ko-KR',
};

/** Invoice texts in the seven console languages. */
export const INVOICE_LABELS: Record<Language, InvoiceLabels> = {
  CN: {
    title: '发票',
    number: '发票号',
    issuedOn: '开具日期',
    seller: '销售方',
    buyer: '购买方',
    taxNumber: '税号',
    paymentReference: '付款参考号',
    paidOn: '付款日期',
    service: '服务',
    units: '单位',
    quantity: '数量',
    unitPrice: '单价',
    net: '不含税金额',
    tax: '税额',
    total: '合计',
    refunded: '已退款',
    page: (p, t) => `第 ${p} 页，共 ${t} 页`,
    kinds: {
      terminalLicence: '终端许可',
      storage: '存储容量',
      servicePeriod: '服务期',
      widgetPack: '组件包',
    },
  },
  HK: {
    title: '發票',
    number: '發票號',
    issuedOn: '開具日期',
    seller: '銷售方',
    buyer: '購買方',
    taxNumber: '稅號',
    paymentReference: '付款參考號',
    paidOn: '付款日期',
    service: '服務',
    units: '單位',
    quantity: '數量',
    unitPrice: '單價',
    net: '不含稅金額',
    tax: '稅額',
    total: '合計',
    refunded: '已退款',
    page: (p, t) => `第 ${p} 頁，共 ${t} 頁`,
    kinds: {
      terminalLicence: '終端許可',
      storage: '儲存容量',
      servicePeriod: '服務期',
      widgetPack: '組件包',
    },
  },
  US: {
    title: 'Invoice',
    number: 'Invoice number',
    issuedOn: 'Issued on',
    seller: 'Seller',
    buyer: 'Buyer',
    taxNumber: 'Tax number',
    paymentReference: 'Payment reference',
    paidOn: 'Paid on',
    service: 'Service',
    units: 'Units',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    net: 'Net',
    tax: 'Tax',
    total: 'Total',
    refunded: 'Refunded',
    page: (p, t) => `Page ${p} of ${t}`,
    kinds: {
      terminalLicence: 'Terminal licences',
      storage: 'Storage',
      servicePeriod: 'Service period',
      widgetPack: 'Widget pack',
    },
  },
  IT: {
    title: 'Fattura',
    number: 'Numero fattura',
    issuedOn: 'Emessa il',
    seller: 'Venditore',
    buyer: 'Acquirente',
    taxNumber: 'Partita IVA',
    paymentReference: 'Riferimento di pagamento',
    paidOn: 'Pagata il',
    service: 'Servizio',
    units: 'Unità',
    quantity: 'Quantità',
    unitPrice: 'Prezzo unitario',
    net: 'Imponibile',
    tax: 'Imposta',
    total: 'Totale',
    refunded: 'Rimborsata',
    page: (p, t) => `Pagina ${p} di ${t}`,
    kinds: {
      terminalLicence: 'Licenze terminale',
      storage: 'Spazio di archiviazione',
      servicePeriod: 'Periodo di servizio',
      widgetPack: 'Pacchetto widget',
    },
  },
  RU: {
    title: 'Счёт',
    number: 'Номер счёта',
    issuedOn: 'Дата выставления',
    seller: 'Продавец',
    buyer: 'Покупатель',
    taxNumber: 'ИНН',
    paymentReference: 'Назначение платежа',
    paidOn: 'Дата оплаты',
    service: 'Услуга',
    units: 'Единицы',
    quantity: 'Количество',
    unitPrice: 'Цена за единицу',
    net: 'Сумма без налога',
    tax: 'Налог',
    total: 'Итого',
    refunded: 'Возвращено',
    page: (p, t) => `Страница ${p} из ${t}`,
    kinds: {
      terminalLicence: 'Лицензии терминалов',
      storage: 'Хранилище',
      servicePeriod: 'Срок обслуживания',
      widgetPack: 'Пакет виджетов',
    },
  },
  FR: {
    title: 'Facture',
    number: 'Numéro de facture',
    issuedOn: 'Émise le',
    seller: 'Vendeur',
    buyer: 'Acheteur',
    taxNumber: 'Numéro de TVA',
    paymentReference: 'Référence de paiement',
    paidOn: 'Payée le',
    service: 'Service',
    units: 'Unités',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    net: 'Montant HT',
    tax: 'TVA',
    total: 'Total TTC',
    refunded: 'Remboursée',
    page: (p, t) => `Page ${p} sur ${t}`,
    kinds: {
      terminalLicence: 'Licences de terminal',
      storage: 'Stockage',
      servicePeriod: 'Période de service',
      widgetPack: 'Pack de widgets',
    },
  },
  KR: {
    title: '청구서',
    number: '청구서 번호',
    issuedOn: '발행일',
    seller: '판매자',
    buyer: '구매자',
    taxNumber: '사업자 등록번호',
    paymentReference: '결제 참조 번호',
    paidOn: '결제일',
    service: '서비스',
    units: '단위',
    quantity: '수량',
    unitPrice: '단가',
    net: '공급가액',
    tax: '세액',
    total: '합계',
    refunded: '환불됨',
    page: (p, t) => `${t}페이지 중 ${p}페이지`,
    kinds: {
      terminalLicence: '단말기 라이선스',
      storage: '저장 용량',
      servicePeriod: '서비스 기간',
      widgetPack: '위젯 팩',
    },
  },
};
