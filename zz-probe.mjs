import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ads = await (await fetch('http://127.0.0.1:3200/api/ads?kind=AUCTION&running=true')).json();
const paths=['/','/product_list','/ad/'+encodeURIComponent(ads.items[0].slug),'/login','/faq'];
for (const fresh of [true,false]) {
  let c = await b.newContext({locale:'ar-SA'}); let p=await c.newPage();
  for (let i=0;i<2;i++) for (const path of paths) {
    if (fresh) { await c.close(); c = await b.newContext({locale:'ar-SA'}); p=await c.newPage(); }
    const t0=Date.now();
    await p.goto('http://127.0.0.1:3200'+path);
    const tload=Date.now()-t0;
    await p.waitForFunction(()=>Object.keys(document.querySelector('#root')).some(k=>k.startsWith('__reactContainer')));
    const thyd=Date.now()-t0;
    await p.waitForLoadState('networkidle');
    console.log(fresh?'fresh':'reuse', path.slice(0,20).padEnd(20), 'load',tload,'hydrated',thyd,'idle',Date.now()-t0);
  }
}
await b.close();
