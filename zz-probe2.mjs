import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (let i=0;i<2;i++){
const c = await b.newContext({locale:'ar-SA'}); const p=await c.newPage();
await p.goto('http://127.0.0.1:3200/');
await p.waitForTimeout(1500);
const r = await p.evaluate(()=>{const n=performance.getEntriesByType('navigation')[0];const res=performance.getEntriesByType('resource').map(e=>[e.name.replace(location.origin,'').slice(0,50),Math.round(e.startTime),Math.round(e.responseEnd),e.encodedBodySize]);return {nav:[n.responseStart,n.responseEnd,n.domInteractive,n.domContentLoadedEventEnd,n.loadEventStart].map(Math.round),paint:performance.getEntriesByType('paint').map(e=>[e.name,Math.round(e.startTime)]),res}});
console.log(JSON.stringify(r.nav), JSON.stringify(r.paint)); if(i==1) for(const x of r.res.sort((a,b)=>a[2]-b[2])) console.log(x.join('\t'));
await c.close();}
await b.close();
