import type en from '../en-US/route';

/** 頁面名稱，用於文件標題。 */
const route: typeof en = {
  login: '登入',
  sysInit: '系統初始化',
  register: '註冊',
  forgotPassword: '忘記密碼',
  home: '首頁',
  personalCenter: '個人中心',
  forbidden: '無權存取',
  notFound: '頁面不存在',
  serverError: '伺服器錯誤',
  logout: '登入失效',
  inframe: '內嵌頁面',
  planMakeFull: '計劃製作',
  publishSet: '發佈設定',
  terminalSelection: '選擇終端',
  programEditor: '節目編輯器',
};
export default route;
