/** Menu management (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '菜单管理',
  addTop: '新增顶级菜单',
  addChild: '新增子菜单',
  moveUp: '上移',
  moveDown: '下移',
  createTitle: '新增菜单',
  editTitle: '编辑菜单“{{name}}”',
  saved: '菜单已保存',
  deleted: '菜单已删除',
  moved: '顺序已调整',
  hasChildren: '请先删除“{{name}}”下的菜单。',
  hidden: '隐藏',
  visibleYes: '显示',
  openToAll: '所有人 (*)',
  columns: {
    name: '名称',
    key: '标识',
    path: '路径',
    icon: '图标',
    permission: '权限',
    visible: '是否显示',
  },
  form: {
    key: '标识',
    keyHelp: '以字母开头，只含字母、数字或 _，保存后不可修改。',
    keyPattern: '标识必须以字母开头，只能包含字母、数字或 _',
    parent: '上级菜单',
    parentNone: '顶级',
    path: '路径',
    pathHelp: '控制台中的页面路径，例如 sys/reports。分组请留空。',
    pathPattern: '路径只能包含字母、数字、-、_、. 和 /',
    names: '名称',
    name: '名称（{{language}}）',
    icon: '图标',
    iconNone: '无图标',
    permission: '权限',
    sort: '排序',
    visible: '在菜单中显示',
    roles: '角色',
    rolesHelp: '也可打开此页面的角色编码',
  },
};

export default messages;
