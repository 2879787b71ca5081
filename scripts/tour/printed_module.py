#!/usr/bin/env python3
"""A VASSAL module of one printed board, for the trace-and-give-back tour
(printed-trace.steps): Map A (Cherbourg) of The Longest Day as cut in
tests/fixtures/printed (its .txt says where it comes from), with the module's own grid.

    scripts/tour/printed_module.py OUT.vmod
"""
import re
import sys
import zipfile
from pathlib import Path

here = Path(__file__).resolve().parents[2]
fixture = here / "tests/fixtures/printed/longest-day-cherbourg.txt"
text = fixture.read_text()
image = re.search(r"^image: (.*)$", text, re.M).group(1).strip()
grid = re.search(r"^grid: (.*)$", text, re.M).group(1).strip()
name = "The Longest Day (Map A)"

build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.launch.BasicModule ModuleOther1="" ModuleOther2="" VassalVersion="3.5.0" description="One printed board" name="{name}" nextPieceSlotId="100" version="1.0">
    <VASSAL.build.module.BasicCommandEncoder/>
    <VASSAL.build.module.Documentation/>
    <VASSAL.build.module.PlayerRoster buttonKeyStroke="" buttonText="Retire" buttonToolTip="Switch sides"><entry>Allies</entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>
    <VASSAL.build.module.GlobalOptions autoReport="Always" centerOnMove="Use Preferences Setting" chatterHTMLSupport="Always" hotKeysOnClosedWindows="Never" inventoryForAll="Always" nonOwnerUnmaskable="Always" playerIdFormat="$playerName$" promptString="Opponents can unmask pieces" sendToLocationMoveTrails="Never" storeLeadingZeroIntegersAsStrings="false"/>
    <VASSAL.build.module.Map allowMultiple="false" backgroundcolor="255,255,255" buttonName="" changeFormat="$message$" color="0,0,0" createFormat="$pieceName$ created in $location$ *" edgeHeight="0" edgeWidth="0" hideKey="" hotkey="" icon="/images/map.gif" launch="false" mapName="Main Map" markMoved="Never" markUnmovedHotkey="" markUnmovedIcon="/images/unmoved.gif" markUnmovedReport="" markUnmovedText="" markUnmovedTooltip="Mark all pieces on this map as not moved" moveKey="" moveToFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *" moveWithinFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *" showKey="" thickness="3">
        <VASSAL.build.module.map.BoardPicker addColumnText="Add column" addRowText="Add row" boardPrompt="Select board" slotHeight="125" slotScale="0.2" slotWidth="350" title="Choose Boards"><VASSAL.build.module.map.boardPicker.Board image="{image}" name="Map A" reversible="false">{grid}</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
        <VASSAL.build.module.map.StackMetrics bottom="40,0" color="255,255,255" disabled="false" down="37,0" exSepX="6" exSepY="18" top="38,0" unexSepX="8" unexSepY="16" up="39,0"/>
        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.Scroller/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.CounterDetailViewer/>
    </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>
"""
data = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1">
  <version>1.0</version>
  <VassalVersion>3.5.0</VassalVersion>
  <dateSaved>0</dateSaved>
  <description>One printed board</description>
  <name>{name}</name>
</data>
"""
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("moduledata", data)
    z.writestr("buildFile.xml", build)
    z.write(fixture.parent / image, f"images/{image}")
