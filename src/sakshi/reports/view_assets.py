"""The evidence view's own style and script, and the Content-Security-Policy that allows them.

Static text: nothing from the results is ever written into either (``view_html`` puts them
in the page as they are), so the policy can name each by its hash and allow nothing else.

A backslash at the end of a line inside these strings joins it to the next one: long rules
are wrapped here for reading, yet the page gets each as one line. Any change to the text
that reaches the page changes the page's bytes and both hashes.
"""

from __future__ import annotations

import base64
import hashlib

__all__ = ["CSP", "CSS", "JS"]

CSS = """
:root{color-scheme:light;--red:#b3261e;--green:#1b6e35;--ink:#1d1d1f;--mute:#5f6368;\
--line:#d9dce1;--hl:#ffe066;--near:#ffd6d1}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans",\
sans-serif;color:var(--ink);background:#f6f7f9}
.banner{margin:0;padding:.5rem 1rem;background:#3b2f00;color:#fff3c4;font-weight:600}
header,main{max-width:70rem;margin:0 auto;padding:0 1rem}
header{padding-top:.75rem}
h1{font-size:1.3rem;margin:.25rem 0}
.bar{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;margin:.5rem 0 1rem}
.keys{color:var(--mute);font-size:.85rem}
kbd{border:1px solid var(--line);border-radius:3px;padding:0 .3em;background:#fff;font-size:.8rem}
.pack{background:#fff;border:1px solid var(--line);border-left:6px solid var(--green);\
border-radius:6px;margin:0 0 .75rem}
.pack.red{border-left-color:var(--red)}
.pack>summary{cursor:pointer;padding:.6rem .8rem;list-style-position:outside}
.pack>summary:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.pid{font-weight:700;font-family:ui-monospace,"DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
.title{display:block;color:var(--mute);font-size:.9rem;overflow-wrap:anywhere}
.tag{display:inline-block;border-radius:3px;padding:0 .4em;font-size:.8rem;font-weight:700;\
margin-right:.25rem}
.tag.green{background:#d7f0de;color:var(--green)}.tag.red{background:#fbe0dd;color:var(--red)}
.tag.notheld{background:var(--red);color:#fff}.tag.state{background:#e8eaed;color:#333}
.code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.85rem;color:var(--red)}
.body{padding:0 .8rem .8rem}
h3{font-size:1rem;margin:.9rem 0 .4rem}\
h4{font-size:.95rem;margin:.6rem 0 .3rem;overflow-wrap:anywhere}
.meta,.note{color:var(--mute);font-size:.85rem;overflow-wrap:anywhere;margin:.2rem 0}
ul.findings,ul.values{list-style:none;padding:0;margin:0}
.finding{margin:.2rem 0;overflow-wrap:anywhere}
.value{border:1px solid var(--line);border-radius:5px;padding:.45rem .6rem;margin:0 0 .5rem;\
overflow-wrap:anywhere}
.value.bad{border-color:var(--red);background:#fff8f7}
.value p{margin:.2rem 0}
.k{display:inline-block;min-width:3.2em;color:var(--mute);font-size:.85rem}
.field{font-weight:700}
q{background:#f1f3f4;quotes:"\\201C" "\\201D"}
.diag{margin:.3rem 0 0;padding:.3rem .6rem;border-left:3px solid var(--red);background:#fdeceb}
.diag ul{margin:.2rem 0;padding-left:1.2rem}
.seg{margin:.3rem 0 .6rem}
.seglabel{font-size:.8rem;color:var(--mute)}
pre{margin:0;padding:.5rem .6rem;background:#fbfbfc;border:1px solid var(--line);border-radius:4px;
 font:13px/1.5 ui-monospace,"DejaVu Sans Mono","Liberation Mono",monospace;\
white-space:pre-wrap;overflow-wrap:anywhere}
mark.hl{background:var(--hl);outline:1px solid #c9a800;border-radius:2px}
mark.near{background:var(--near);outline:1px dashed var(--red)}
mark.hl.near{background:var(--hl)}
span.mention{text-decoration:underline 2px solid var(--green);text-underline-offset:2px;\
font-weight:700}
span.miss{text-decoration:underline 2px wavy var(--red);text-underline-offset:2px}
ul.mentions{margin:.2rem 0;padding-left:1.2rem}
.anchor.mention[data-n]::before,.anchor.miss[data-n]::before{content:none}
.ctl{font:600 9px/1 system-ui,sans-serif;border:1px solid #999;border-radius:2px;padding:0 1px;\
margin:0 1px;color:#555;vertical-align:1px}
.anchor[data-n]::before{content:attr(data-n);font:700 10px/1 system-ui,sans-serif;\
vertical-align:super;color:#6b5800;padding:0 1px}
.anchor.near[data-n]::before{color:var(--red)}
:target+mark,mark:target,:target+span.mention,:target+span.miss{outline:3px solid #1a73e8}
a{color:#1558b0}
body.red-only .pack.quiet{display:none}
body:has(#red-only:checked) .pack.quiet{display:none}
@media (max-width:40rem){body{font-size:14px}.keys{display:none}pre{font-size:12px}}
"""

JS = """
(function(){
var box=document.getElementById('red-only');
function sync(){document.body.classList.toggle('red-only',box.checked);}
box.addEventListener('change',sync);sync();
function heads(){return Array.prototype.filter.call(document.querySelectorAll('.pack>summary'),\
function(s){return s.offsetParent!==null;});}
document.addEventListener('keydown',function(e){
if(e.altKey||e.ctrlKey||e.metaKey)return;
var k=e.key;
if(k==='r'){box.click();e.preventDefault();return;}
if(k!=='j'&&k!=='k')return;
var h=heads();if(!h.length)return;
var i=h.indexOf(document.activeElement);
var n=k==='j'?(i<0?0:Math.min(i+1,h.length-1)):(i<0?0:Math.max(i-1,0));
h[n].focus();h[n].scrollIntoView({block:'nearest'});e.preventDefault();
});
function openTarget(){
var id=location.hash?decodeURIComponent(location.hash.slice(1)):'';
var el=id&&document.getElementById(id);if(!el)return;
for(var d=el.closest('details');d;d=d.parentElement&&d.parentElement.closest('details')){\
d.open=true;}
el.scrollIntoView({block:'center'});
}
window.addEventListener('hashchange',openTarget);openTarget();
})();
"""


def _csp_hash(text: str) -> str:
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


# No network at all: nothing may be fetched, only this page's own style and script run.
CSP = (
    f"default-src 'none'; style-src {_csp_hash(CSS)}; script-src {_csp_hash(JS)}; "
    "base-uri 'none'; form-action 'none'"
)
