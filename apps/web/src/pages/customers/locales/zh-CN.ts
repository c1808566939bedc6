/** Enable customization, create domain name and personalized interface (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  preview: '预览',
  saved: '已保存',
  editBrand: '“{{name}}”的品牌',
  sameAsPlatform: '与平台相同',
  addLink: '添加页脚链接',
  removeLink: '删除链接',
  linkListHint: '不设置链接时，登录页显示平台的页脚链接。',
  kinds: { agent: '代理商', customer: '客户' },
  fields: {
    name: '名称',
    kind: '类型',
    parent: '上级机构',
    enabled: '定制',
    domainName: '二级域名',
    title: '标题',
    tag: '标语',
    logo: 'Logo 地址',
    icoImg: '网站图标地址',
    copyRight: '版权信息',
    backgroundImage: '登录背景地址',
    defaultLanguage: '默认语言',
    linkList: '页脚链接',
    linkName: '链接文字',
    link: '链接地址',
  },
  errors: {
    linkIncomplete: '每个链接需要文字和地址',
    url: '{{field}}必须是 http(s) 地址或以 / 开头的路径',
    domainName: '请输入主机名，例如 signage.example.com（不含 http://、端口或路径）',
    domainTaken: '该域名已被使用',
  },
  customization: { title: '开通定制', edit: '编辑品牌' },
  domain: {
    title: '创建域名',
    edit: '设置域名',
    editTitle: '“{{name}}”的二级域名',
    hint: '通过此地址登录时显示客户自己的品牌。留空则删除。',
  },
  personalized: {
    title: '个性化界面',
    platform: '平台品牌在系统设置中配置。',
    active: '定制已开通',
    inactive: '定制尚未开通',
  },
};

export default messages;
