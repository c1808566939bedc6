/** Enable customization, create domain name and personalized interface (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  preview: '預覽',
  saved: '已儲存',
  editBrand: '「{{name}}」的品牌',
  sameAsPlatform: '與平台相同',
  addLink: '新增頁尾連結',
  removeLink: '刪除連結',
  linkListHint: '不設定連結時，登入頁顯示平台的頁尾連結。',
  kinds: { agent: '代理商', customer: '客戶' },
  fields: {
    name: '名稱',
    kind: '類型',
    parent: '上級機構',
    enabled: '訂製',
    domainName: '二級域名',
    title: '標題',
    tag: '標語',
    logo: 'Logo 地址',
    icoImg: '網站圖示地址',
    copyRight: '版權資訊',
    backgroundImage: '登入背景地址',
    defaultLanguage: '預設語言',
    linkList: '頁尾連結',
    linkName: '連結文字',
    link: '連結地址',
  },
  errors: {
    linkIncomplete: '每個連結需要文字和地址',
    url: '{{field}}必須是 http(s) 地址或以 / 開頭的路徑',
    domainName: '請輸入主機名，例如 signage.example.com（不含 http://、連接埠或路徑）',
    domainTaken: '該域名已被使用',
  },
  customization: { title: '開通訂製', edit: '編輯品牌' },
  domain: {
    title: '建立域名',
    edit: '設定域名',
    editTitle: '「{{name}}」的二級域名',
    hint: '透過此地址登入時顯示客戶自己的品牌。留空則刪除。',
  },
  personalized: {
    title: '個性化介面',
    platform: '平台品牌在系統設定中配置。',
    active: '訂製已開通',
    inactive: '訂製尚未開通',
  },
};

export default messages;
