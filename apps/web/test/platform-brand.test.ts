import { describe, expect, it } from 'vitest';
import { brandToSave, type PlatformBrand } from '../src/pages/system-settings/PlatformBrandsCard';

const brand: PlatformBrand = {
  title: '  APM  ',
  tag: '',
  showLogo: true,
  textStart: ' Welcome ',
  dualScreen: false,
  copyRight: '© APM ',
  linkList: [
    { name: ' Help ', link: ' https://help.example.com ' },
    { name: '', link: '' },
  ],
  customContent: '',
  logo: ' /logo.png ',
  icoImg: '',
  lightShow: false,
  soundShow: false,
  powerSet: false,
  backgroundImage: '',
  defaultLanguage: 'CN',
  showRegister: true,
};

describe('brandToSave', () => {
  it('trims texts and addresses and drops empty footer links, keeping the switches', () => {
    expect(brandToSave(brand)).toEqual({
      ...brand,
      title: 'APM',
      textStart: 'Welcome',
      copyRight: '© APM',
      logo: '/logo.png',
      linkList: [{ name: 'Help', link: 'https://help.example.com' }],
    });
  });
});
