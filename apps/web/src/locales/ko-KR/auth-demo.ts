import type en from '../en-US/auth-demo';

/** The authority demo page. (ko-KR) */
const authDemo: typeof en = {
  disabledTitle: '권한이 필요한 컨트롤',
  disabledDesc: '필요한 권한이 없으면 컨트롤이 비활성화되고 도움말이 표시됩니다.',
  guardedTitle: '보호된 작업',
  guardedDesc: '권한이 없는 작업은 해당 권한 이름을 알리는 메시지와 함께 거부됩니다.',
};
export default authDemo;
