/** Menu management (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '選單管理',
  addTop: '新增頂級選單',
  addChild: '新增子選單',
  moveUp: '上移',
  moveDown: '下移',
  createTitle: '新增選單',
  editTitle: '編輯選單「{{name}}」',
  saved: '選單已儲存',
  deleted: '選單已刪除',
  moved: '順序已調整',
  hasChildren: '請先刪除「{{name}}」下的選單。',
  hidden: '隱藏',
  visibleYes: '顯示',
  openToAll: '所有人 (*)',
  columns: {
    name: '名稱',
    key: '標識',
    path: '路徑',
    icon: '圖示',
    permission: '權限',
    visible: '是否顯示',
  },
  form: {
    key: '標識',
    keyHelp: '以字母開頭，只含字母、數字或 _，儲存後不可修改。',
    keyPattern: '標識必須以字母開頭，只能包含字母、數字或 _',
    parent: '上級選單',
    parentNone: '頂級',
    path: '路徑',
    pathHelp: '控制台中的頁面路徑，例如 sys/reports。分組請留空。',
    pathPattern: '路徑只能包含字母、數字、-、_、. 和 /',
    names: '名稱',
    name: '名稱（{{language}}）',
    icon: '圖示',
    iconNone: '無圖示',
    permission: '權限',
    sort: '排序',
    visible: '在選單中顯示',
    roles: '角色',
    rolesHelp: '亦可開啟此頁面的角色編碼',
  },
};

export default messages;
